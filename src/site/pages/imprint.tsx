import { company, companyPhoneLink } from '#shared/company.ts';
import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import { CompanyAddress, EmailLink } from '../components/company.tsx';
import { useSite } from '../site-context.tsx';
import { sitePath } from '#shared/paths.ts';

const legalNotes: { heading: SiteMessageKey; text: SiteMessageKey }[] = [
  { heading: 'site.imprint.disclaimer.heading', text: 'site.imprint.disclaimer.text' },
  { heading: 'site.imprint.links.heading', text: 'site.imprint.links.text' },
  { heading: 'site.imprint.copyright.heading', text: 'site.imprint.copyright.text' },
];

export function ImprintPage() {
  const { lang, t } = useSite();
  return (
    <div className="section">
      <article className="container narrow prose">
        <h1>{t('site.imprint.heading')}</h1>

        <h2>{t('site.imprint.company.heading')}</h2>
        <CompanyAddress />

        <h2>{t('site.imprint.contact.heading')}</h2>
        <dl className="facts">
          <dt>{t('site.imprint.contact.phone')}</dt>
          <dd>
            {/* No-break spaces: the number is not broken across lines. */}
            <a href={companyPhoneLink}>{company.phone.replace(/ /g, '\u00a0')}</a>
          </dd>
          <dt>{t('site.imprint.contact.email')}</dt>
          <dd>
            <EmailLink address={company.email.info} />
          </dd>
        </dl>

        <h2>{t('site.imprint.management.heading')}</h2>
        <p>{t('site.imprint.management.text')}</p>

        <h2>{t('site.imprint.register.heading')}</h2>
        <dl className="facts">
          <dt>{t('site.imprint.register.entry')}</dt>
          <dd>{t('site.imprint.register.entryValue')}</dd>
          <dt>{t('site.imprint.register.uid')}</dt>
          <dd>{company.uid}</dd>
          <dt>{t('site.imprint.register.vat')}</dt>
          <dd>{company.vatNumber}</dd>
        </dl>

        <h2>{t('site.imprint.responsible.heading')}</h2>
        <p>{t('site.imprint.responsible.text')}</p>

        {legalNotes.map((note) => (
          <section key={note.heading}>
            <h2>{t(note.heading)}</h2>
            <p>{t(note.text)}</p>
          </section>
        ))}

        <h2>{t('site.imprint.privacy.heading')}</h2>
        <p>{t('site.imprint.privacy.text')}</p>
        <p>
          <a href={sitePath(lang, 'privacy-policy')}>{t('site.imprint.privacy.link')}</a>
        </p>
      </article>
    </div>
  );
}
