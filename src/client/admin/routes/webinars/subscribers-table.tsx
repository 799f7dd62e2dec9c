import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { formatDateTime } from '#shared/dates.ts';
import type { WebinarSubscriber } from '#shared/schemas/webinars.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, WebinarSubscriber>();

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
  const columns = useColumns();
  const table = useTable({ features, columns, data: subscribers, getRowId: (row) => row.id });

  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption className="admin-sr-only">{t('adminWebinars.subscribers.caption')}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
