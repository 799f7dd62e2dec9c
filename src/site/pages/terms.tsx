import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import { useSite } from '../site-context.tsx';

/** The sections of the terms, in order; each has a heading and a text in both catalogues. */
const sections = ['scope', 'contract', 'licences', 'prices', 'payment', 'delivery', 'termination', 'warranty', 'privacy', 'law'] as const;

/** `/web/{lang}/terms`: the general terms and conditions the checkout asks to agree to. */
export function TermsPage() {
  const { t } = useSite();
  return (
    <div className="section">
      <article className="container narrow prose">
        <h1>{t('site.terms.heading')}</h1>
        <p className="muted">{t('site.terms.updated')}</p>
        {sections.map((section, index) => (
          <section key={section} aria-labelledby={`terms-${section}`}>
            <h2 id={`terms-${section}`}>
              {index + 1}. {t(`site.terms.${section}.heading` as SiteMessageKey)}
            </h2>
            <p>{t(`site.terms.${section}.text` as SiteMessageKey)}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
