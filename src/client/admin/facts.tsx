/**
 * Facts of a record as the back office lists them: a term and its value each; a fact
 * without a value (null or an empty text) is left out, while 0 shows. `live` announces
 * changes (figures that grow while a sending runs).
 */
export function Facts({ entries, live = false }: { entries: readonly (readonly [string, string | number | null])[]; live?: boolean }) {
  return (
    <dl className="admin-facts" aria-live={live ? 'polite' : undefined}>
      {entries
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
