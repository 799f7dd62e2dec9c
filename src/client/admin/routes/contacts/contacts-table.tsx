import { createColumnHelper } from '@tanstack/react-table';
import { Link, useLocation } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { adminPaths } from '#shared/paths.ts';
import type { ContactList } from '#shared/schemas/contacts.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import type { ContactLinkState } from './contact-page.tsx';
import type { plainTableFeatures } from '../../plain-table.tsx';
import { PlainTable } from '../../plain-table.tsx';
import { labelOf } from './labels.ts';

type ContactRow = ContactList['results'][number];

const column = createColumnHelper<typeof plainTableFeatures, ContactRow>();

function useColumns() {
  const t = useT();
  const { language } = useLanguage();
  const location = useLocation();
  // The record's Back link returns to this page of this search.
  const linkState: ContactLinkState = { list: `${location.pathname}${location.search}` };
  return column.columns([
    column.accessor('name', { id: 'name', header: t('adminContacts.column.name'), cell: ({ row }) => row.original.name || '–' }),
    column.accessor('email', {
      id: 'email',
      header: t('adminContacts.column.email'),
      // The address is always there, so it is the row's link to the contact.
      cell: ({ row }) => <Link to={adminPaths.contact(row.original.id)} state={linkState}>{row.original.email}</Link>,
    }),
    column.accessor('companyName', { id: 'companyName', header: t('adminContacts.column.company'), cell: ({ row }) => row.original.companyName ?? '–' }),
    column.accessor('preferredLanguage', {
      id: 'preferredLanguage',
      header: t('adminContacts.column.language'),
      cell: ({ row }) => (row.original.preferredLanguage ? labelOf(t, 'adminContacts.language', row.original.preferredLanguage) : '–'),
    }),
    column.accessor('newsletterStatus', {
      id: 'newsletterStatus',
      header: t('adminContacts.column.newsletter'),
      cell: ({ row }) => t(row.original.newsletterStatus ? `adminContacts.newsletter.${row.original.newsletterStatus}` : 'adminContacts.newsletter.none'),
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: t('adminContacts.column.createdAt'),
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDateTime(row.original.createdAt, language)}</time>,
    }),
  ]);
}

/** One page of contacts, newest first: name, e-mail address (the link to the record), company, language, newsletter status and since when they are known. */
export function ContactsTable({ rows, caption, busy }: { rows: ContactRow[]; caption: string; busy: boolean }) {
  const columns = useColumns();
  return <PlainTable caption={caption} columns={columns} rows={rows} rowId={(row) => row.id} busy={busy} />;
}
