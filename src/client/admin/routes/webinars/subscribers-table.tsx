import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '#shared/dates.ts';
import type { WebinarSubscriber } from '#shared/schemas/webinars.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { PlainTable, type plainTableFeatures } from '../../plain-table.tsx';

const column = createColumnHelper<typeof plainTableFeatures, WebinarSubscriber>();

function useColumns() {
  const t = useT();
  const { language } = useLanguage();
  return column.columns([
    column.display({
      id: 'name',
      header: t('adminWebinars.subscribers.name'),
      cell: ({ row }) => [row.original.firstName, row.original.lastName].filter(Boolean).join(' '),
    }),
    column.accessor('email', {
      id: 'email',
      header: t('adminWebinars.subscribers.email'),
      cell: ({ row }) => <a href={`mailto:${row.original.email}`}>{row.original.email}</a>,
    }),
    column.accessor('company', { id: 'company', header: t('adminWebinars.subscribers.company'), cell: ({ row }) => row.original.company ?? '–' }),
    column.accessor('role', {
      id: 'role',
      header: t('adminWebinars.subscribers.role'),
      cell: ({ row }) => (row.original.role ? t(`forms.role.${row.original.role}`) : '–'),
    }),
    column.accessor('subscribedAt', {
      id: 'subscribedAt',
      header: t('adminWebinars.subscribers.subscribedAt'),
      cell: ({ row }) => <time dateTime={row.original.subscribedAt}>{formatDateTime(row.original.subscribedAt, language)}</time>,
    }),
  ]);
}

/** Who signed up for a webinar, in order of sign-up: name, e-mail, company, role and when. */
export function SubscribersTable({ subscribers }: { subscribers: WebinarSubscriber[] }) {
  const t = useT();
  return <PlainTable caption={t('adminWebinars.subscribers.caption')} columns={useColumns()} rows={subscribers} rowId={(row) => row.id} />;
}
