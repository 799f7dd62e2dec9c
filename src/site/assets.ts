import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a marketing page needs from the client build. */
export interface PageAssets {
  /** The islands entry script, which the page imports once it is painted (components/document.tsx). */
  script: string;
  /**
   * The text of the page's stylesheets (the site CSS, then any the islands entry imports),
   * written into the page's `<head>` rather than linked (docs/decisions/023-inline-site-stylesheet.md).
   */
  styles: string;
  favicon?: string;
  /** The picture of a shared link (Open Graph), 1200 × 630 PNG, by its path below the site. */
  ogImage?: string;
}

/** One record of vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The islands entry as vite names it (relative to the vite root, src/client). */
export const islandsEntrySource = 'islands/main.tsx';
/** The site's stylesheet, an entry of its own so that the widgets do not import the site. */
const siteStylesSource = 'site/styles/site.css';

function endsWithPath(value: string | undefined, suffix: string): boolean {
  return value !== undefined && (value === suffix || value.endsWith(`/${suffix}`));
}

export function readManifest(path: string): ViteManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
}

/** The manifest key of a source file, whatever vite chose as root (`islands/main.tsx` or `src/client/islands/main.tsx`). */
export function findManifestKey(manifest: ViteManifest, source: string): string | undefined {
  return Object.keys(manifest).find((key) => endsWithPath(key, source) || endsWithPath(manifest[key]?.src, source));
}

/** The chunk and every chunk it imports statically, transitively, entry first. */
export function staticClosure(manifest: ViteManifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current) || !manifest[current]) return;
    seen.add(current);
    for (const imported of manifest[current]?.imports ?? []) visit(imported);
  };
  visit(key);
  return [...seen];
}

/** The file of the site stylesheet entry, when the build has one. */
function siteStylesOf(manifest: ViteManifest): string[] {
  const key = findManifestKey(manifest, siteStylesSource);
  return key ? [manifest[key]!.file] : [];
}

/** The stylesheets of a page that loads these chunks: the site CSS first, then the chunks' own. */
export function stylesheetsOf(manifest: ViteManifest, keys: Iterable<string>): string[] {
  return [...new Set([...siteStylesOf(manifest), ...[...keys].flatMap((key) => manifest[key]?.css ?? [])])];
}

/**
 * `clientDir`: the client build, whose stylesheets are read to be inlined. Line ends are
 * made LF, as a browser's parser does, so that the text the server hashes for its content
 * security policy is the text the browser hashes.
 */
export function pageAssetsFromManifest(manifest: ViteManifest, clientDir: string, base = '/'): PageAssets {
  const entryKey = findManifestKey(manifest, islandsEntrySource);
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entryKey || !entry) {
    throw new Error(`The client manifest has no entry for ${islandsEntrySource}; run "vite build" first.`);
  }
  const closure = staticClosure(manifest, entryKey);
  const url = (file: string) => `${base}${file}`;
  const styles = stylesheetsOf(manifest, closure)
    .map((file) => readFileSync(join(clientDir, file), 'utf8').replace(/\r\n?/g, '\n'))
    .join('\n');
  return { script: url(entry.file), styles };
}
