import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { adminPaths } from '#shared/paths.ts';
import type { AdminWebinar } from '#shared/schemas/webinars.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { PlainTable, type plainTableFeatures } from '../../plain-table.tsx';

const column = createColumnHelper<typeof plainTableFeatures, AdminWebinar>();

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
      cell: ({ row }) => <time dateTime={row.original.startsAt}>{formatDateTime(row.original.startsAt, language)}</time>,
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
  return <PlainTable caption={t('adminWebinars.caption')} columns={useColumns()} rows={rows} rowId={(row) => row.id} busy={busy} />;
}
