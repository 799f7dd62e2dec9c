import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translateAll } from '#shared/i18n/messages.ts';
import { nginxConfFile, nginxConfWithRefusal } from '../../../scripts/nginx-conf.ts';

/*
 * nginx answers a client over its connection limit itself (deploy/nginx/shop.conf), with
 * a body written out in the file: nginx cannot follow the language list or the
 * catalogue, so scripts/nginx-conf.ts writes it and this test checks the file is current.
 */
describe("nginx's refusal of too many connections", () => {
  it('is the server\'s tooManyRequests error, in every language', () => {
    const conf = readFileSync(new URL('../../../deploy/nginx/shop.conf', import.meta.url), 'utf8');
    const body = /return 429 '([^']+)';/.exec(conf)?.[1];
    expect(body, 'the 429 body of deploy/nginx/shop.conf').toBeDefined();
    expect(JSON.parse(body!)).toEqual({ error: { code: 'tooManyRequests', messagesByLanguage: translateAll('error.tooManyRequests') } });
  });

  it('is what scripts/nginx-conf.ts writes (run `npx tsx scripts/nginx-conf.ts` after adding a language)', () => {
    const conf = readFileSync(nginxConfFile, 'utf8');
    expect(conf).toBe(nginxConfWithRefusal(conf));
  });
});
