import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Files served from memory: the built client and the prerendered pages are small, so
 * reading them once at start, with the compressed copies the build wrote beside them,
 * beats the file system on every request (the marketing-page benchmark depends on it).
 */
export interface StaticFile {
  body: Buffer;
  contentType: string;
  etag: string;
  compressed?: { br: Buffer; gzip: Buffer };
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.pdf': 'application/pdf',
  '.map': 'application/json; charset=utf-8',
};
const compressible = /^(text\/|application\/(json|xml)|image\/svg)/;

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/** The build's compressed copies of a file (scripts/compress-build.ts), when both are there. */
function compressedCopiesOf(file: string): { br: Buffer; gzip: Buffer } | undefined {
  if (!existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) return undefined;
  return { br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) };
}

export function loadStaticFile(file: string): StaticFile {
  const body = readFileSync(file);
  const compressed = compressedCopiesOf(file);
  return { body, contentType: contentTypes[path.extname(file)] ?? 'application/octet-stream', etag: etagOf(body), ...(compressed ? { compressed } : {}) };
}

/** The same file with another body (and so another ETag; compressed again when first needed). */
export function withBody(file: StaticFile, body: Buffer): StaticFile {
  return { body, contentType: file.contentType, etag: etagOf(body) };
}

/** Every file below `root`, keyed by its path relative to root with forward slashes. */
export function loadStaticTree(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      // The compressed copies go with their file.
      else if (!/\.(br|gz)$/.test(name)) files.set(path.relative(root, full).split(path.sep).join('/'), loadStaticFile(full));
    }
  };
  walk(root);
  return files;
}

/** Whether a file is sent compressed to a client that accepts it: text of some size. */
export function canCompress(file: StaticFile): boolean {
  return compressible.test(file.contentType) && file.body.length > 512;
}

/** The compressed bodies of a file, made at the first call (or by precompress beforehand). */
export function compressedOf(file: StaticFile): { br: Buffer; gzip: Buffer } {
  file.compressed ??= {
    br: brotliCompressSync(file.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length },
    }),
    gzip: gzipSync(file.body, { level: 9 }),
  };
  return file.compressed;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Makes the compressed bodies of `files` the build did not compress (a PUBLIC_URL other than
 * the build's changes the pages) in zlib's threads, one file after the other, so the server
 * answers meanwhile; a request that needs one first makes it itself. Started after the
 * server listens: a start does not wait for it.
 */
export async function precompress(files: Iterable<StaticFile>): Promise<void> {
  for (const file of files) {
    if (file.compressed || !canCompress(file)) continue;
    const [br, gzipped] = await Promise.all([
      brotliAsync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length } }),
      gzipAsync(file.body, { level: 9 }),
    ]);
    file.compressed ??= { br, gzip: gzipped };
  }
}

export function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  options: { cacheControl: string; status?: number; vary?: string },
): FastifyReply {
  reply
    .status(options.status ?? 200)
    .header('content-type', file.contentType)
    .header('cache-control', options.cacheControl)
    .header('etag', file.etag);
  const compress = canCompress(file);
  const vary = [options.vary, compress ? 'accept-encoding' : undefined].filter(Boolean).join(', ');
  if (vary) reply.header('vary', vary);
  if ((options.status ?? 200) === 200 && request.headers['if-none-match'] === file.etag) {
    return reply.status(304).send();
  }
  const encoding = compress ? acceptedEncoding(request) : undefined;
  if (encoding) return reply.header('content-encoding', encoding).send(compressedOf(file)[encoding]);
  return reply.send(file.body);
}

/** The compression a client accepts that the site sends: brotli first, else gzip, else none. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * A page made for this request (an app page the server rendered): compressed as it is sent,
 * at a level that costs about a millisecond for such a page, in zlib's threads; with the
 * content security policy that allows its inline styles (app-pages.service.ts).
 */
export async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  options: { cacheControl: string; vary: string; contentSecurityPolicy: string },
): Promise<FastifyReply> {
  const body = Buffer.from(html, 'utf8');
  reply
    .status(200)
    .header('content-type', contentTypes['.html'])
    .header('cache-control', options.cacheControl)
    .header('vary', `${options.vary}, accept-encoding`)
    .header('content-security-policy', options.contentSecurityPolicy);
  const encoding = acceptedEncoding(request);
  if (encoding === 'br') {
    const compressed = await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    return reply.header('content-encoding', 'br').send(compressed);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(body, { level: 6 }));
  return reply.send(body);
}
