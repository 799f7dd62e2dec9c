import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatEventDateTime } from '#shared/dates.ts';
import { translatePlural } from '#shared/i18n/messages.ts';
import { adminPaths } from '#shared/paths.ts';
import type { AdminWebinar } from '#shared/schemas/webinars.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AdminWebinar>();

function useColumns() {
  const t = useT();
  const { language } = useLanguage();
  return column.columns([
    column.accessor('code', { id: 'code', header: t('adminWebinars.column.code') }),
    column.accessor('title', {
      id: 'title',
      header: t('adminWebinars.column.title'),
      cell: ({ row }) => <Link to={adminPaths.webinar(row.original.id)}>{row.original.title}</Link>,
    }),
    column.accessor('language', {
      id: 'language',
      header: t('adminWebinars.column.language'),
      cell: ({ row }) => t(`webinars.language.${row.original.language}`),
    }),
    column.accessor('startsAt', {
      id: 'startsAt',
      header: t('adminWebinars.column.startsAt'),
      cell: ({ row }) => <time dateTime={row.original.startsAt}>{formatEventDateTime(row.original.startsAt, language)}</time>,
    }),
    column.accessor('durationMinutes', {
      id: 'durationMinutes',
      header: t('adminWebinars.column.duration'),
      cell: ({ row }) => translatePlural(language, 'webinars.minutes', row.original.durationMinutes),
    }),
    column.accessor('subscriberCount', { id: 'subscriberCount', header: t('adminWebinars.column.subscribers') }),
  ]);
}

/**
 * The webinars of the chosen period, in the server's order (upcoming ones soonest first,
 * past ones latest first): code, title (the link to the webinar), language, date in
 * Zurich, duration and the number of subscribers.
 */
export function WebinarsTable({ rows, busy }: { rows: AdminWebinar[]; busy: boolean }) {
  const t = useT();
  const columns = useColumns();
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.id });

  return (
    <div className="admin-table-scroll">
      <table className="admin-table" aria-busy={busy}>
        <caption className="admin-sr-only">{t('adminWebinars.caption')}</caption>
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
