import { describe, expect, it } from 'vitest';
import { defaultLanguage } from '../locales.ts';
import type { Audience } from './catalogue.ts';

/*
 * A browser loads only its audience's catalogue (README.md), so a key the code of a
 * bundle names must be in that catalogue, or the page shows the key. This test reads
 * the code a bundle runs, from its entries along their imports (static ones and
 * import(); not `import type`), and finds the keys it names: a string that is a key, a
 * string a plural's keys start with (`'lines.seats'`), a group of keys a string names
 * (`'forms.role'`), and a template that keys match (`checkout.status.${status}`).
 */

/** The code of src/client and src/shared (the catalogues left out), by path from the repository's root. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../../client/**/*.{ts,tsx}', '../**/*.ts', '!./**', '!../../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }),
  ).map(([path, source]) => [path.replace(/^\.\.\/\.\.\//, 'src/').replace(/^\.\.\//, 'src/shared/'), source]),
);
const referenceFiles = import.meta.glob<{ catalogue: Record<string, string> }>('./*/*.catalogue.ts', { eager: true });
const keysOf = (audience: Audience) => new Set(Object.keys(referenceFiles[`./${defaultLanguage}/${audience}.catalogue.ts`]!.catalogue));

/** Where the code of each browser catalogue's bundle starts. */
const bundles: { audience: Audience; entries: string[] }[] = [
  { audience: 'app', entries: ['src/client/app/main.tsx'] },
  { audience: 'back-office', entries: ['src/client/admin/main.tsx'] },
  {
    // The dialogs the marketing pages' widgets open; the widgets themselves translate nothing.
    audience: 'widgets',
    entries: ['src/client/features/cart/cart-drawer.tsx', 'src/client/ui/form/newsletter-dialog.tsx', 'src/client/features/downloadables/download-dialog.tsx', 'src/client/islands/exit-intent-dialog.tsx'],
  },
];

function resolve(from: string, specifier: string): string | undefined {
  let path: string;
  if (specifier.startsWith('#client/')) path = `src/client/${specifier.slice('#client/'.length)}`;
  else if (specifier.startsWith('#shared/')) path = `src/shared/${specifier.slice('#shared/'.length)}`;
  else if (specifier.startsWith('.')) {
    const parts = from.split('/').slice(0, -1);
    for (const part of specifier.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    path = parts.join('/');
  } else return undefined;
  return path in sources ? path : undefined;
}

/** The files a bundle runs: its entries and everything they import, transitively. */
function codeOf(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const source = sources[path] ?? '';
    const specifiers = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'";]*?\s+from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm)];
    for (const match of specifiers) {
      const target = resolve(path, match[1] ?? match[2] ?? match[3] ?? '');
      if (target) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

const everyBrowserKey = [...new Set([...keysOf('app'), ...keysOf('back-office'), ...keysOf('widgets')])];
const everyKey = new Set([...everyBrowserKey, ...keysOf('server'), ...keysOf('site')]);

/** The keys a piece of code names, by the rules above (its comments left out). */
function keysNamedIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const named: string[] = [];
  for (const match of code.matchAll(/'([A-Za-z][\w.-]*)'|`([^`]*)`/g)) {
    const text = match[1] ?? match[2] ?? '';
    if (text.includes('${')) {
      // A template whose fixed start names a group (`checkout.status.${status}`): every key it can give.
      const start = text.split('${')[0]!;
      if (!/^[A-Za-z]\w*\.[\w.]*$/.test(start)) continue;
      const pattern = new RegExp(`^${text.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[\\w-]+')}$`);
      named.push(...everyBrowserKey.filter((key) => pattern.test(key)));
    } else if (everyKey.has(text)) named.push(text);
    else if (text.includes('.')) named.push(...[...everyKey].filter((key) => key.startsWith(`${text}.`)));
  }
  return named;
}

describe.each(bundles)('the code of the $audience catalogue\'s bundle', ({ audience, entries }) => {
  it('finds every key it names in that catalogue', () => {
    const catalogue = keysOf(audience);
    const files = codeOf(entries);
    expect(files.length).toBeGreaterThan(entries.length);
    const missing = files.flatMap((file) => keysNamedIn(sources[file] ?? '').filter((key) => !catalogue.has(key)).map((key) => `${file}: ${key}`));
    expect([...new Set(missing)]).toEqual([]);
  });
});
