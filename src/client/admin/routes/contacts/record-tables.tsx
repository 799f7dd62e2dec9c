import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { adminPaths } from '#shared/paths.ts';
import type { ContactRecord } from '#shared/schemas/contacts.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import type { plainTableFeatures } from '../../plain-table.tsx';
import { PlainTable } from '../../plain-table.tsx';
import { labelOf } from './labels.ts';

/** The tables of a contact's record, each in the server's order. */

type Consent = ContactRecord['consents'][number];
type Message = ContactRecord['contactMessages'][number];
type WebinarSignUp = ContactRecord['webinarSubscriptions'][number];
type Order = ContactRecord['orders'][number];

const time = (iso: string, text: string) => <time dateTime={iso}>{text}</time>;

const consentColumn = createColumnHelper<typeof plainTableFeatures, Consent>();

/** Every consent row: what, granted or withdrawn, the text's version, its language, the form and the time. */
export function ConsentsTable({ consents }: { consents: Consent[] }) {
  const t = useT();
  const { language } = useLanguage();
  const columns = consentColumn.columns([
    consentColumn.accessor('subject', {
      id: 'subject',
      header: t('adminContacts.consents.subject'),
      cell: ({ row }) => labelOf(t, 'adminContacts.consentSubject', row.original.subject),
    }),
    consentColumn.accessor('granted', {
      id: 'granted',
      header: t('adminContacts.consents.statement'),
      cell: ({ row }) =>
        row.original.granted ? t('adminContacts.consents.granted') : <span className="admin-contact__withdrawn">{t('adminContacts.consents.withdrawn')}</span>,
    }),
    consentColumn.accessor('textVersion', { id: 'textVersion', header: t('adminContacts.consents.textVersion') }),
    consentColumn.accessor('language', {
      id: 'language',
      header: t('adminContacts.consents.language'),
      cell: ({ row }) => labelOf(t, 'adminContacts.language', row.original.language),
    }),
    consentColumn.accessor('source', {
      id: 'source',
      header: t('adminContacts.consents.source'),
      cell: ({ row }) => labelOf(t, 'adminContacts.source', row.original.source),
    }),
    consentColumn.accessor('createdAt', {
      id: 'createdAt',
      header: t('adminContacts.consents.createdAt'),
      cell: ({ row }) => time(row.original.createdAt, formatDateTime(row.original.createdAt, language)),
    }),
  ]);
  // Consent rows have no id of their own; they are never rewritten, so their place is stable.
  return <PlainTable caption={t('adminContacts.consents.caption')} columns={columns} rows={consents} rowId={(_row, index) => String(index)} />;
}

const messageColumn = createColumnHelper<typeof plainTableFeatures, Message>();

/** The contact form's messages: when, the subject (the link to the message in the inbox) and to whom. */
export function MessagesTable({ messages }: { messages: Message[] }) {
  const t = useT();
  const { language } = useLanguage();
  const columns = messageColumn.columns([
    messageColumn.accessor('receivedAt', {
      id: 'receivedAt',
      header: t('adminContacts.messages.receivedAt'),
      cell: ({ row }) => time(row.original.receivedAt, formatDateTime(row.original.receivedAt, language)),
    }),
    messageColumn.accessor('subject', {
      id: 'subject',
      header: t('adminContacts.messages.subject'),
      cell: ({ row }) => <Link to={adminPaths.message(row.original.id)}>{row.original.subject}</Link>,
    }),
    messageColumn.accessor('recipient', {
      id: 'recipient',
      header: t('adminContacts.messages.recipient'),
      cell: ({ row }) => labelOf(t, 'forms.recipient', row.original.recipient),
    }),
  ]);
  return <PlainTable caption={t('adminContacts.messages.caption')} columns={columns} rows={messages} rowId={(row) => row.id} />;
}

const webinarColumn = createColumnHelper<typeof plainTableFeatures, WebinarSignUp>();

/** The webinar sign-ups: the webinar (the link to its page), its code and date, the sign-up's language and time. */
export function WebinarSignUpsTable({ signUps }: { signUps: WebinarSignUp[] }) {
  const t = useT();
  const { language } = useLanguage();
  const columns = webinarColumn.columns([
    webinarColumn.display({
      id: 'webinar',
      header: t('adminContacts.webinars.webinar'),
      cell: ({ row }) => <Link to={adminPaths.webinar(row.original.webinar.id)}>{row.original.webinar.title}</Link>,
    }),
    webinarColumn.display({ id: 'code', header: t('adminContacts.webinars.code'), cell: ({ row }) => row.original.webinar.code }),
    webinarColumn.display({
      id: 'startsAt',
      header: t('adminContacts.webinars.startsAt'),
      cell: ({ row }) => time(row.original.webinar.startsAt, formatDateTime(row.original.webinar.startsAt, language)),
    }),
    webinarColumn.accessor('language', {
      id: 'language',
      header: t('adminContacts.webinars.language'),
      cell: ({ row }) => labelOf(t, 'adminContacts.language', row.original.language),
    }),
    webinarColumn.accessor('subscribedAt', {
      id: 'subscribedAt',
      header: t('adminContacts.webinars.subscribedAt'),
      cell: ({ row }) => time(row.original.subscribedAt, formatDateTime(row.original.subscribedAt, language)),
    }),
  ]);
  return <PlainTable caption={t('adminContacts.webinars.caption')} columns={columns} rows={signUps} rowId={(row) => row.id} />;
}

const orderColumn = createColumnHelper<typeof plainTableFeatures, Order>();

/** The orders and carts that name the address: number (the link to the order), status, how they name it, currency and dates. */
/** The company an order was placed for: the checkout's company, else the one the save-cart form named. */
export function companyOfOrder(order: Order): string | undefined {
  const company = (order.invoiceInfo?.company as { name?: unknown } | undefined)?.name;
  if (typeof company === 'string' && company.trim() !== '') return company.trim();
  const saved = order.savedCartBy?.company;
  return typeof saved === 'string' && saved.trim() !== '' ? saved.trim() : undefined;
}

export function OrdersTable({ orders }: { orders: Order[] }) {
  const t = useT();
  const { language } = useLanguage();
  const columns = orderColumn.columns([
    orderColumn.accessor('number', {
      id: 'number',
      header: t('adminContacts.orders.number'),
      cell: ({ row }) => <Link to={adminPaths.order(row.original.id)}>{row.original.number ?? t('adminContacts.orders.cart')}</Link>,
    }),
    orderColumn.accessor('status', {
      id: 'status',
      header: t('adminContacts.orders.status'),
      cell: ({ row }) => (
        <span className={`admin-status admin-status--${row.original.status.toLowerCase()}`}>{labelOf(t, 'checkout.status', row.original.status)}</span>
      ),
    }),
    orderColumn.display({
      id: 'company',
      header: t('adminContacts.orders.company'),
      cell: ({ row }) => companyOfOrder(row.original) ?? '–',
    }),
    orderColumn.accessor('linkedBy', {
      id: 'linkedBy',
      header: t('adminContacts.orders.linkedBy'),
      cell: ({ row }) => row.original.linkedBy.map((link) => labelOf(t, 'adminContacts.orders.link', link)).join(', ') || '–',
    }),
    orderColumn.accessor('currency', { id: 'currency', header: t('adminContacts.orders.currency') }),
    orderColumn.accessor('createdAt', {
      id: 'createdAt',
      header: t('adminContacts.orders.createdAt'),
      cell: ({ row }) => time(row.original.createdAt, formatDateTime(row.original.createdAt, language)),
    }),
    orderColumn.accessor('orderedAt', {
      id: 'orderedAt',
      header: t('adminContacts.orders.orderedAt'),
      cell: ({ row }) => (row.original.orderedAt ? time(row.original.orderedAt, formatDateTime(row.original.orderedAt, language)) : '–'),
    }),
  ]);
  return <PlainTable caption={t('adminContacts.orders.caption')} columns={columns} rows={orders} rowId={(row) => row.id} />;
}
