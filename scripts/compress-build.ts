import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the server sends compressed (src/server/modules/pages/static-files.ts): text, above 512 bytes. */
const compressible = /\.(html|js|mjs|css|json|svg|txt|xml|map)$/;

/**
 * Writes `FILE.br` and `FILE.gz` beside every compressible file of the build, once, at the
 * build: the server reads them with the file instead of compressing at start or at the
 * first request (docs/decisions/047-pages-as-ready-answers.md), and nginx can send them
 * itself (`gzip_static`).
 */
export function compressBuild(folder: string): number {
  let written = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (!compressible.test(name)) continue;
      const body = readFileSync(full);
      if (body.length <= 512) continue;
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      written++;
    }
  };
  walk(folder);
  return written;
}
