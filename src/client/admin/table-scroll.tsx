import type { ReactNode } from 'react';

/**
 * The box a back-office table scrolls sideways in when it is wider than the page: a named
 * group that takes the focus, so that a keyboard scrolls it too (WCAG 2.1.1); `label` is
 * the table's caption.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
