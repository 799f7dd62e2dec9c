import type { Language } from '#shared/locales.ts';
import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import { sitePath } from '#shared/paths.ts';
import { useSite } from '../site-context.tsx';
import { siteLinks } from '../site-paths.ts';

interface FaqItem {
  id: string;
  question: SiteMessageKey;
  answer: SiteMessageKey;
  link?: { text: SiteMessageKey; href: (lang: Language) => string };
}

/** A business buyer's questions, answered by the shop's actual rules (docs/product/widgets.md#faq). */
const items: FaqItem[] = [
  { id: 'seats', question: 'widgets.faq.seats.question', answer: 'widgets.faq.seats.answer' },
  { id: 'frequency', question: 'widgets.faq.frequency.question', answer: 'widgets.faq.frequency.answer' },
  { id: 'invoice', question: 'widgets.faq.invoice.question', answer: 'widgets.faq.invoice.answer' },
  { id: 'vat', question: 'widgets.faq.vat.question', answer: 'widgets.faq.vat.answer' },
  {
    id: 'cancel',
    question: 'widgets.faq.cancel.question',
    answer: 'widgets.faq.cancel.answer',
    link: { text: 'widgets.faq.cancel.link', href: () => siteLinks.contact },
  },
  {
    id: 'privacy',
    question: 'widgets.faq.privacy.question',
    answer: 'widgets.faq.privacy.answer',
    link: { text: 'widgets.faq.privacy.link', href: (lang) => sitePath(lang, 'privacy-policy') },
  },
  { id: 'start', question: 'widgets.faq.start.question', answer: 'widgets.faq.start.answer' },
];

/**
 * The FAQ accordion: one native <details> per question, its <summary> holding the
 * question as an h3 under the section's h2. No script: it opens and closes without JS,
 * and with Enter and Space.
 */
export function Faq() {
  const { lang, t } = useSite();
  return (
    <section className="section faq" aria-labelledby="faq-heading">
      <div className="container narrow">
        <h2 id="faq-heading">{t('widgets.faq.heading')}</h2>
        {items.map((item) => (
          <details key={item.id} className="faq__item" id={`faq-${item.id}`}>
            <summary className="faq__summary">
              <h3 className="faq__question">{t(item.question)}</h3>
            </summary>
            <div className="faq__answer">
              <p>{t(item.answer)}</p>
              {item.link && (
                <p>
                  <a href={item.link.href(lang)}>{t(item.link.text)}</a>
                </p>
              )}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
