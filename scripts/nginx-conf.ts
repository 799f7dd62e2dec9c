/**
 * Writes the part of `deploy/nginx/shop.conf` that follows the languages: the body of
 * nginx's refusal of a client over its connection limit, the server's `tooManyRequests`
 * error in every language of the list (src/shared/locales.ts) from the catalogues. nginx
 * cannot read them, so the file holds the text. Run after adding a language or changing
 * that text: `npx tsx scripts/nginx-conf.ts`; a unit test fails while the file is stale
 * (src/server/plugins/nginx-refusal.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { translateAll } from '../src/shared/i18n/messages.ts';

export const nginxConfFile = new URL('../deploy/nginx/shop.conf', import.meta.url);

/** The `return 429 '…';` line of the file, which nginx answers in the shop's error shape (docs/product/api-conventions.md). */
const refusalLine = /return 429 '[^']*';/;

/** The file with its refusal written from the catalogues; the rest is the file as it is. */
export function nginxConfWithRefusal(conf: string): string {
  const body = JSON.stringify({ error: { code: 'tooManyRequests', messagesByLanguage: translateAll('error.tooManyRequests') } });
  // Within nginx's quotes a backslash starts an escape and a quote ends the text.
  if (/['\\]/.test(body)) throw new Error(`The refusal's text cannot hold ' or \\ in nginx's quotes: ${body}`);
  if (!refusalLine.test(conf)) throw new Error(`${nginxConfFile.pathname} has no line \`return 429 '…';\` to write the refusal into`);
  return conf.replace(refusalLine, `return 429 '${body}';`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(nginxConfFile, nginxConfWithRefusal(readFileSync(nginxConfFile, 'utf8')));
}
