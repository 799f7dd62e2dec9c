import { sql, type SQL } from 'drizzle-orm';

/**
 * Searches ignore case and accents ("zurich" finds "Zürich"), alike on PGlite and
 * PostgreSQL (docs/decisions/065-desk-search-and-overdue-queue.md): the text searched and
 * the words typed are folded by the same table, in SQL by `lower()` and `translate()`
 * (both immutable, so a generated column may hold the result, and no extension is needed)
 * and in JavaScript by `foldText`.
 */
const lettersByBase: Record<string, string> = {
  a: 'àáâãäåāăąæ',
  c: 'çćĉċč',
  d: 'ďđ',
  e: 'èéêëēĕėęě',
  g: 'ĝğġģ',
  h: 'ĥħ',
  i: 'ìíîïĩīĭį',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺļľŀł',
  n: 'ñńņňŉ',
  o: 'òóôõöøōŏőœ',
  r: 'ŕŗř',
  s: 'śŝşšșß',
  t: 'ţťŧț',
  u: 'ùúûüũūŭůűų',
  w: 'ŵ',
  y: 'ýÿŷ',
  z: 'źżž',
};

/**
 * The letters `translate()` replaces and what each becomes, upper case included: `lower()`
 * on a database whose collation is C leaves non-ASCII capitals as they are.
 */
function foldingTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (const [base, letters] of Object.entries(lettersByBase)) {
    for (const letter of letters) {
      for (const variant of new Set([letter, letter.toUpperCase()])) {
        // A capital of two letters (ß's SS) is no entry of its own.
        if ([...variant].length !== 1 || from.includes(variant)) continue;
        from += variant;
        to += base;
      }
    }
  }
  return { from, to };
}

const table = foldingTable();
const replacements = new Map([...table.from].map((letter, index) => [letter, table.to[index] ?? letter]));

/** The text as searches compare it: lower case, accents gone. */
export function foldText(text: string): string {
  return [...text.toLowerCase()].map((letter) => replacements.get(letter) ?? letter).join('');
}

/** The same fold in SQL, written out (no parameters), so a generated column and an index may use it. */
export function foldedSql(expression: SQL): SQL {
  return sql`translate(lower(${expression}), ${sql.raw(`'${table.from}'`)}, ${sql.raw(`'${table.to}'`)})`;
}
