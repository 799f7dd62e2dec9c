import { company } from '#shared/company.ts';
import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import { useSite } from '../site-context.tsx';
import { CompanyAddress, EmailLink } from '../components/company.tsx';
import { cookies } from '#shared/cookies.ts';

/**
 * The privacy policy (Swiss nDSG and EU GDPR). The text lives in the site catalogues;
 * this file only gives it its structure.
 */
type Block =
  | { p: SiteMessageKey }
  | { h3: SiteMessageKey }
  | { ul: SiteMessageKey[] }
  | { address: true }
  | { email: string }
  | { cookies: true };

interface Section {
  id: string;
  heading: SiteMessageKey;
  blocks: Block[];
}

const cookieRows: { name: string; purpose: SiteMessageKey; lifetime: SiteMessageKey }[] = [
  { name: cookies.shoppingCart.name, purpose: 'site.privacy.cookies.shoppingCart.purpose', lifetime: 'site.privacy.cookies.shoppingCart.lifetime' },
  { name: cookies.xsrfToken.name, purpose: 'site.privacy.cookies.xsrf.purpose', lifetime: 'site.privacy.cookies.xsrf.lifetime' },
  { name: cookies.currency.name, purpose: 'site.privacy.cookies.currency.purpose', lifetime: 'site.privacy.cookies.currency.lifetime' },
  { name: cookies.locale.name, purpose: 'site.privacy.cookies.locale.purpose', lifetime: 'site.privacy.cookies.locale.lifetime' },
  { name: cookies.cookieBanner.name, purpose: 'site.privacy.cookies.cookiebanner.purpose', lifetime: 'site.privacy.cookies.cookiebanner.lifetime' },
  // The live shop is served over https, where the staff cookie carries its prefix.
  { name: cookies.session.httpsName, purpose: 'site.privacy.cookies.session.purpose', lifetime: 'site.privacy.cookies.session.lifetime' },
  { name: cookies.accountSession.name, purpose: 'site.privacy.cookies.accountSession.purpose', lifetime: 'site.privacy.cookies.accountSession.lifetime' },
];

const sections: Section[] = [
  {
    id: 'controller',
    heading: 'site.privacy.controller.heading',
    blocks: [
      { p: 'site.privacy.controller.p1' },
      { address: true },
      { p: 'site.privacy.controller.p2' },
      { email: company.email.privacy },
      { p: 'site.privacy.controller.p3' },
      { p: 'site.privacy.controller.p4' },
    ],
  },
  {
    id: 'data',
    heading: 'site.privacy.data.heading',
    blocks: [
      { p: 'site.privacy.data.p1' },
      { h3: 'site.privacy.data.website.heading' },
      { p: 'site.privacy.data.website.p1' },
      { p: 'site.privacy.data.website.p2' },
      { h3: 'site.privacy.data.orders.heading' },
      { p: 'site.privacy.data.orders.p1' },
      { p: 'site.privacy.data.orders.p2' },
      { h3: 'site.privacy.data.savedCart.heading' },
      { p: 'site.privacy.data.savedCart.p1' },
      { h3: 'site.privacy.data.contact.heading' },
      { p: 'site.privacy.data.contact.p1' },
      { h3: 'site.privacy.data.newsletter.heading' },
      { p: 'site.privacy.data.newsletter.p1' },
      { p: 'site.privacy.data.newsletter.p2' },
      { h3: 'site.privacy.data.events.heading' },
      { p: 'site.privacy.data.events.p1' },
      { h3: 'site.privacy.data.captcha.heading' },
      { p: 'site.privacy.data.captcha.p1' },
    ],
  },
  {
    id: 'cookies',
    heading: 'site.privacy.cookies.heading',
    blocks: [{ p: 'site.privacy.cookies.p1' }, { cookies: true }, { p: 'site.privacy.cookies.p2' }, { p: 'site.privacy.cookies.p3' }],
  },
  {
    id: 'purposes',
    heading: 'site.privacy.legal.heading',
    blocks: [
      { p: 'site.privacy.legal.p1' },
      { ul: ['site.privacy.legal.li1', 'site.privacy.legal.li2', 'site.privacy.legal.li3', 'site.privacy.legal.li4'] },
      { p: 'site.privacy.legal.p2' },
    ],
  },
  {
    id: 'recipients',
    heading: 'site.privacy.recipients.heading',
    blocks: [
      { p: 'site.privacy.recipients.p1' },
      {
        ul: [
          'site.privacy.recipients.li1',
          'site.privacy.recipients.li2',
          'site.privacy.recipients.li3',
          'site.privacy.recipients.li4',
        ],
      },
      { p: 'site.privacy.recipients.p2' },
    ],
  },
  { id: 'abroad', heading: 'site.privacy.abroad.heading', blocks: [{ p: 'site.privacy.abroad.p1' }] },
  {
    id: 'retention',
    heading: 'site.privacy.retention.heading',
    blocks: [
      { p: 'site.privacy.retention.p1' },
      {
        ul: [
          'site.privacy.retention.li1',
          'site.privacy.retention.li2',
          'site.privacy.retention.li3',
          'site.privacy.retention.li4',
          'site.privacy.retention.li5',
          'site.privacy.retention.li6',
        ],
      },
      { p: 'site.privacy.retention.p2' },
    ],
  },
  { id: 'security', heading: 'site.privacy.security.heading', blocks: [{ p: 'site.privacy.security.p1' }] },
  {
    id: 'rights',
    heading: 'site.privacy.rights.heading',
    blocks: [
      { p: 'site.privacy.rights.p1' },
      {
        ul: [
          'site.privacy.rights.li1',
          'site.privacy.rights.li2',
          'site.privacy.rights.li3',
          'site.privacy.rights.li4',
          'site.privacy.rights.li5',
          'site.privacy.rights.li6',
        ],
      },
      { p: 'site.privacy.rights.p2' },
      { p: 'site.privacy.rights.p3' },
    ],
  },
  { id: 'automated', heading: 'site.privacy.automated.heading', blocks: [{ p: 'site.privacy.automated.p1' }] },
  { id: 'changes', heading: 'site.privacy.changes.heading', blocks: [{ p: 'site.privacy.changes.p1' }] },
];

function CookieTable() {
  const { t } = useSite();
  return (
    <table className="cookie-table">
      <caption>{t('site.privacy.cookies.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('site.privacy.cookies.col.name')}</th>
          <th scope="col">{t('site.privacy.cookies.col.purpose')}</th>
          <th scope="col">{t('site.privacy.cookies.col.lifetime')}</th>
        </tr>
      </thead>
      <tbody>
        {cookieRows.map((cookie) => (
          <tr key={cookie.name}>
            <th scope="row">
              <code>{cookie.name}</code>
            </th>
            <td>{t(cookie.purpose)}</td>
            <td>{t(cookie.lifetime)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function renderBlock(block: Block, index: number, t: (key: SiteMessageKey) => string) {
  if ('p' in block) return <p key={index}>{t(block.p)}</p>;
  if ('h3' in block) return <h3 key={index}>{t(block.h3)}</h3>;
  if ('ul' in block) {
    return (
      <ul key={index}>
        {block.ul.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    );
  }
  if ('address' in block) return <CompanyAddress key={index} />;
  if ('email' in block) {
    return (
      <p key={index}>
        <EmailLink address={block.email} />
      </p>
    );
  }
  return <CookieTable key={index} />;
}

export function PrivacyPolicyPage() {
  const { t } = useSite();
  return (
    <div className="section">
      <article className="container narrow prose">
        <h1>{t('site.privacy.heading')}</h1>
        <p className="meta">{t('site.privacy.updated')}</p>
        <p className="lead">{t('site.privacy.intro')}</p>
        <nav className="toc" aria-labelledby="privacy-toc">
          <h2 id="privacy-toc">{t('site.privacy.toc')}</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{t(section.heading)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>{t(section.heading)}</h2>
            {section.blocks.map((block, index) => renderBlock(block, index, t))}
          </section>
        ))}
      </article>
    </div>
  );
}
