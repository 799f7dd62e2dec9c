import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contacts, newsletterSubscriptions, orders, outbox } from '#server/db/schema.ts';
import { signInAsStaff, type StaffSignIn } from '../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../tests/helpers/xsrf.ts';

/**
 * Generated requests to every call of the API (the OpenAPI document lists them): bodies,
 * path parameters, query strings and headers made of any text, including NUL characters,
 * lone surrogates and very long strings. Whatever comes, the answer is never a 5xx, every
 * refusal has the one error shape in both languages, and a refused request stores nothing.
 *
 * `npm test` runs a few hundred requests; `npm run fuzz` runs FUZZ_RUNS (20 000) of them.
 */

const runs = Number(process.env.FUZZ_RUNS ?? 300);

let t: TestApp;
let session: XsrfSession;
let staff: StaffSignIn;
let routes: { method: string; path: string; bodyKeys: string[] }[];
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
  staff = await signInAsStaff(t);
  const document = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>> };
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      bodyKeys: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })),
  );
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Rows of the tables a form or a call could write to. */
async function stored(): Promise<number[]> {
  const tables = [orders, contactMessages, contacts, newsletterSubscriptions, outbox];
  return Promise.all(tables.map(async (table) => (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0));
}

/** Any text: every UTF-16 code unit (lone surrogates and NUL included), sometimes long. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\uD800', '%', '../..', '00000000-0000-4000-8000-000000000000', 'x'.repeat(5000)),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(anyText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(anyText, { maxLength: 3 }), fc.dictionary(anyText, anyText, { maxKeys: 3 }));

/** A path segment as a client would send it; a lone surrogate goes out as its three raw bytes (`%ED%A0%80`). */
function encodeSegment(text: string): string {
  return text.replace(/[\s\S]/gu, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(char);
  });
}

const messagesShape = { 'en-US': expect.any(String), 'de-CH': expect.any(String) };

function expectErrorShape(body: unknown): void {
  const answer = body as { errors?: unknown[]; error?: unknown };
  if (answer.errors) {
    expect(answer.errors.length).toBeGreaterThan(0);
    for (const error of answer.errors) expect(error).toEqual({ field: expect.any(String), code: expect.any(String), messagesByLanguage: messagesShape });
  } else {
    expect(answer).toEqual({ error: { code: expect.any(String), messagesByLanguage: messagesShape } });
  }
}

describe('any request', () => {
  it('is answered without a 5xx, refused in the one error shape, and a refusal stores nothing', async () => {
    const request = fc.record({
      routeIndex: fc.nat(),
      params: fc.array(anyText, { minLength: 3, maxLength: 3 }),
      query: fc.dictionary(fc.constantFrom('language', 'page', 'status', 'period', 'x'), anyText, { maxKeys: 2 }),
      body: fc.oneof(
        fc.dictionary(anyText, anyValue, { maxKeys: 4 }),
        fc.constant('__fields__'),
        anyText.map((text) => ({ raw: text })),
      ),
      fields: fc.array(anyValue, { minLength: 8, maxLength: 8 }),
      contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
      asStaff: fc.boolean(),
      withXsrf: fc.boolean(),
      header: fc.tuple(fc.constantFrom('accept-language', 'x-forwarded-for', 'cookie', 'x-request-id'), anyText),
    });

    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const route = routes[generated.routeIndex % routes.length]!;
        let index = 0;
        const path = route.path.replace(/\{\w+\}/g, () => encodeSegment(generated.params[index++ % 3] ?? ''));
        const query = new URLSearchParams(Object.entries(generated.query)).toString();
        const body =
          generated.body === '__fields__'
            ? Object.fromEntries(route.bodyKeys.map((key, i) => [key, generated.fields[i % 8]]))
            : generated.body;
        const payload = typeof body === 'object' && body !== null && 'raw' in body ? String((body as { raw: string }).raw) : JSON.stringify(body);
        const [headerName, headerValue] = generated.header;
        const headers: Record<string, string> = {
          'content-type': generated.contentType,
          ...(generated.asStaff ? (generated.withXsrf ? staff.headers : { cookie: staff.cookie }) : generated.withXsrf ? session.headers : {}),
        };
        // Header values may only hold visible ASCII; anything else is refused by the client already.
        if (/^[\x20-\x7e]*$/.test(headerValue)) headers[headerName] = headerName === 'cookie' ? `${headers.cookie ?? ''}; ${headerValue}` : headerValue;

        const before = await stored();
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: `${path}${query ? `?${query}` : ''}`,
          headers,
          ...(route.method === 'GET' ? {} : { payload }),
        });
        expect(response.statusCode, `${route.method} ${path}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expectErrorShape(response.json());
          expect(await stored()).toEqual(before);
        }
      }),
      { numRuns: runs },
    );
  }, 600_000);
});
