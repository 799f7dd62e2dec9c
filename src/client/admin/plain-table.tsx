import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { TableScroll } from './table-scroll.tsx';

/** Tables without sorting or selection: the server's order is kept. */
export const plainTableFeatures = tableFeatures({});

/**
 * A plain TanStack table of the back office (admin.css): the webinars, their subscribers,
 * the contacts and a contact's record. Its caption is for screen readers; the section's
 * heading shows what it holds. (The orders table, with selection and sorting, has its own.)
 */
export function PlainTable<Row extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  busy = false,
}: {
  caption: string;
  // The column helper's own array type (`column.columns([...])`) has `any` cell values.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<typeof plainTableFeatures, Row, any>[];
  rows: Row[];
  rowId: (row: Row, index: number) => string;
  busy?: boolean;
}) {
  const table = useTable({ features: plainTableFeatures, columns, data: rows, getRowId: rowId });

  return (
    <TableScroll label={caption}>
      <table className="admin-table" aria-busy={busy}>
        <caption className="admin-sr-only">{caption}</caption>
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
    </TableScroll>
  );
}
