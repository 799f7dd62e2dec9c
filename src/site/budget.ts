import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findManifestKey, islandsEntrySource, staticClosure, stylesheetsOf, type ViteManifest } from './assets.ts';

/**
 * Weight budgets of a marketing page, gzip bytes (docs/islands.md): all its JavaScript,
 * the JavaScript it loads first (the islands script and its static imports, imported once
 * the page is painted; React and the widgets follow), and its CSS.
 */
export const budgets = { js: 76 * 1024, jsFirst: 15 * 1024, css: 20 * 1024 } as const;

export interface PageWeight {
  js: number;
  jsFirst: number;
  css: number;
  files: { file: string; gzip: number }[];
}

/** The widgets' runtime (React, mounting), which the islands script imports once the page is idle. */
const islandsRuntimeSource = 'islands/mount.tsx';

/**
 * The chunk file of each module of src/client/islands (`islands/<name>.tsx` → file), as the
 * build writes it (vite.config.ts); a widget bundled with others has no manifest record.
 */
function readIslandChunks(clientDir: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(join(clientDir, '.vite/islands.json'), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The widget names a page contains (`data-island="…"`). */
function islandNamesIn(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]!))];
}

/**
 * What a browser downloads for a page: the islands entry with its static imports, the
 * widgets' runtime, the lazy chunk of every widget on the page (and their static imports),
 * plus the CSS.
 */
export function measurePage(html: string, manifest: ViteManifest, clientDir: string): PageWeight {
  const keys = new Set<string>();
  const entry = findManifestKey(manifest, islandsEntrySource);
  const first = entry ? staticClosure(manifest, entry) : [];
  for (const key of first) keys.add(key);
  const chunkFiles = readIslandChunks(clientDir);
  const keyOf = (source: string) => {
    const file = chunkFiles[source];
    return file ? Object.keys(manifest).find((key) => manifest[key]!.file === file) : findManifestKey(manifest, source);
  };
  for (const source of [islandsRuntimeSource, ...islandNamesIn(html).map((name) => `islands/${name}.tsx`)]) {
    const key = keyOf(source);
    // A widget without a chunk would be left out of the sum: say so rather than measure too little.
    if (!key) throw new Error(`The client build has no chunk for ${source}; run "vite build" first.`);
    for (const k of staticClosure(manifest, key)) keys.add(k);
  }
  const jsFiles = [...keys].map((key) => manifest[key]!.file);
  const cssFiles = stylesheetsOf(manifest, keys);
  const gzip = (file: string) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
  const files = [...jsFiles, ...cssFiles].map((file) => ({ file, gzip: gzip(file) }));
  const sum = (list: string[]) => files.filter((f) => list.includes(f.file)).reduce((total, f) => total + f.gzip, 0);
  return { js: sum(jsFiles), jsFirst: sum(first.map((key) => manifest[key]!.file)), css: sum(cssFiles), files };
}

export interface SpaWeight {
  /** The entry with its static imports and the language's catalogue with its own, raw and gzip bytes. */
  raw: number;
  gzip: number;
  /** The catalogue's part of it (src/shared/i18n/load-*-catalogue.ts). */
  catalogue: { raw: number; gzip: number; files: string[] };
}

/**
 * What a first visit of a single-page app downloads before it renders, in one language:
 * its entry (`app.html`, `admin.html`) with every chunk it imports statically, and the
 * chunks of the language's catalogue it loads first (`en-US/app.catalogue.ts`). The
 * page's own route chunk comes on top. Reported by the build (prerender.ts), not a budget.
 */
export function measureSpaFirstVisit(manifest: ViteManifest, clientDir: string, entry: string, catalogueSource: string): SpaWeight {
  const entryKey = findManifestKey(manifest, entry);
  const catalogueKey = findManifestKey(manifest, catalogueSource);
  if (!entryKey || !catalogueKey) throw new Error(`The client build has no chunk for ${entryKey ? catalogueSource : entry}; run "vite build" first.`);
  const entryKeys = staticClosure(manifest, entryKey);
  const catalogueKeys = staticClosure(manifest, catalogueKey).filter((key) => !entryKeys.includes(key));
  const weigh = (keys: string[]) =>
    keys.reduce(
      (total, key) => {
        const bytes = readFileSync(join(clientDir, manifest[key]!.file));
        return { raw: total.raw + bytes.length, gzip: total.gzip + gzipSync(bytes, { level: 9 }).length };
      },
      { raw: 0, gzip: 0 },
    );
  const whole = weigh([...entryKeys, ...catalogueKeys]);
  return { ...whole, catalogue: { ...weigh(catalogueKeys), files: catalogueKeys.map((key) => manifest[key]!.file) } };
}
