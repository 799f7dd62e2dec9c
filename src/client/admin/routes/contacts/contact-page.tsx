import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { contactAdminCalls } from '#shared/contract/contacts-admin.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminPaths } from '#shared/paths.ts';
import type { ContactRecord } from '#shared/schemas/contacts.ts';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { labelOf } from './labels.ts';
import { companyOfOrder, ConsentsTable, MessagesTable, OrdersTable, WebinarSignUpsTable } from './record-tables.tsx';
import './contacts.css';
import { LoadFailed } from '../../load-failed.tsx';
import { internationalPhone } from '../../phone.ts';

/** Where the list's row link came from (`/contacts?q=…&page=2`), so that Back keeps the search. */
export interface ContactLinkState {
  list?: string;
}

/**
 * `/app/admin-panel/contacts/{id}`: everything stored about a contact (the same record the
 * person can download): the contact's fields, every consent row, the form entries
 * (contact messages, webinar sign-ups), the newsletter subscription and the orders that
 * name the address. An unknown id says so, with the way back.
 */
export default function ContactPage() {
  const { contactId = '' } = useParams();
  const t = useT();
  const fromList = (useLocation().state as ContactLinkState | null)?.list;
  const listPath = fromList?.startsWith(adminPaths.contacts()) ? fromList : adminPaths.contacts();
  const record = useQuery(apiQuery(contactAdminCalls.adminContact, { params: { id: contactId } }));
  const back = (
    <p>
      <Link to={listPath}>{t('adminContacts.back')}</Link>
    </p>
  );

  // A malformed id (400) is as unknown as a missing one.
  if (record.error instanceof ApiError && (record.error.status === 404 || record.error.status === 400)) {
    return (
      <section className="app-message">
        <h1>{t('adminContacts.notFound')}</h1>
        {back}
      </section>
    );
  }
  if (record.error && !record.data) {
    return (
      <LoadFailed query={record} />
    );
  }
  if (!record.data) return <p role="status">{t('admin.loading')}</p>;
  const data = record.data;
  const name = [data.contact.firstName, data.contact.lastName].filter(Boolean).join(' ');

  return (
    <article className="admin-contact">
      {back}
      <h1>{name || data.contact.email}</h1>

      <Section id="admin-contact-details" title={t('adminContacts.details.title')}>
        <ContactFacts contact={data.contact} orders={data.orders} />
      </Section>

      <Section id="admin-contact-consents" title={t('adminContacts.consents.title')}>
        {data.consents.length === 0 ? <p className="admin-empty">{t('adminContacts.consents.empty')}</p> : <ConsentsTable consents={data.consents} />}
      </Section>

      <Section id="admin-contact-entries" title={t('adminContacts.entries.title')}>
        <h3>{t('adminContacts.messages.title')}</h3>
        {data.contactMessages.length === 0 ? (
          <p className="admin-empty">{t('adminContacts.messages.empty')}</p>
        ) : (
          <MessagesTable messages={data.contactMessages} />
        )}
        <h3>{t('adminContacts.webinars.title')}</h3>
        {data.webinarSubscriptions.length === 0 ? (
          <p className="admin-empty">{t('adminContacts.webinars.empty')}</p>
        ) : (
          <WebinarSignUpsTable signUps={data.webinarSubscriptions} />
        )}
      </Section>

      <Section id="admin-contact-newsletter" title={t('adminContacts.subscription.title')}>
        {data.newsletterSubscription ? (
          <SubscriptionFacts subscription={data.newsletterSubscription} />
        ) : (
          <p className="admin-empty">{t('adminContacts.subscription.none')}</p>
        )}
      </Section>

      <Section id="admin-contact-orders" title={t('adminContacts.orders.title')}>
        {data.orders.length === 0 ? <p className="admin-empty">{t('adminContacts.orders.empty')}</p> : <OrdersTable orders={data.orders} />}
      </Section>
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="admin-contact__section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A term and its value; what was not given says so. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  const t = useT();
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children ?? t('adminContacts.notGiven')}</dd>
    </div>
  );
}

function When({ iso }: { iso: string }) {
  const { language } = useLanguage();
  return <time dateTime={iso}>{formatDateTime(iso, language)}</time>;
}

/** The contact's fields as stored. */
function ContactFacts({ contact, orders }: { contact: ContactRecord['contact']; orders: ContactRecord['orders'] }) {
  const t = useT();
  // The companies the person ordered for, from the orders themselves: no anonymous form
  // changes the person's own record (docs/product/contacts.md).
  const companies = [...new Set(orders.map(companyOfOrder).filter((company): company is string => company !== undefined))];
  const label = (group: Parameters<typeof labelOf>[1], code: string | null) => (code ? labelOf(t, group, code) : null);
  const phone = internationalPhone(contact.phoneCountryCode, contact.phoneNumber);
  return (
    <dl className="admin-facts">
      <Fact term={t('adminContacts.field.email')}>
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </Fact>
      <Fact term={t('adminContacts.field.firstName')}>{contact.firstName}</Fact>
      <Fact term={t('adminContacts.field.lastName')}>{contact.lastName}</Fact>
      <Fact term={t('adminContacts.field.gender')}>{label('forms.gender', contact.gender)}</Fact>
      <Fact term={t('adminContacts.field.company')}>{contact.companyName}</Fact>
      {companies.length > 0 && <Fact term={t('adminContacts.field.orderCompanies')}>{companies.join(', ')}</Fact>}
      <Fact term={t('adminContacts.field.phone')}>{phone}</Fact>
      <Fact term={t('adminContacts.field.role')}>{label('forms.role', contact.role)}</Fact>
      <Fact term={t('adminContacts.field.experienceLevel')}>{label('forms.experienceLevel', contact.experienceLevel)}</Fact>
      <Fact term={t('adminContacts.field.language')}>{label('adminContacts.language', contact.preferredLanguage)}</Fact>
      <Fact term={t('adminContacts.field.createdAt')}>
        <When iso={contact.createdAt} />
      </Fact>
      <Fact term={t('adminContacts.field.updatedAt')}>
        <When iso={contact.updatedAt} />
      </Fact>
    </dl>
  );
}

/** The newsletter subscription: status, topics (titled as the topic list titles them), where it was asked for, and its dates. */
function SubscriptionFacts({ subscription }: { subscription: NonNullable<ContactRecord['newsletterSubscription']> }) {
  const t = useT();
  const { language } = useLanguage();
  const topics = useQuery({ ...apiQuery(newsletterCalls.newsletterTopics, { query: { language } }), enabled: subscription.topicIds.length > 0 });
  const titleOf = (id: string) => topics.data?.find((topic) => topic.id === id)?.title ?? id;
  return (
    <dl className="admin-facts">
      <Fact term={t('adminContacts.subscription.status')}>{t(`adminContacts.newsletter.${subscription.status}`)}</Fact>
      <Fact term={t('adminContacts.subscription.topics')}>
        {subscription.topicIds.length === 0 ? t('adminContacts.subscription.noTopics') : subscription.topicIds.map(titleOf).join(', ')}
      </Fact>
      <Fact term={t('adminContacts.subscription.source')}>{labelOf(t, 'adminContacts.source', subscription.source)}</Fact>
      <Fact term={t('adminContacts.subscription.requestedAt')}>
        <When iso={subscription.requestedAt} />
      </Fact>
      <Fact term={t('adminContacts.subscription.confirmedAt')}>
        {subscription.confirmedAt ? <When iso={subscription.confirmedAt} /> : t('adminContacts.subscription.notYet')}
      </Fact>
      {subscription.unsubscribedAt && (
        <Fact term={t('adminContacts.subscription.unsubscribedAt')}>
          <When iso={subscription.unsubscribedAt} />
        </Fact>
      )}
    </dl>
  );
}
