import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorCodes } from '#shared/errors.ts';
import { signInAsStaff } from '../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { startXsrfSession } from '../../../tests/helpers/xsrf.ts';

/**
 * The OpenAPI document at /api/docs against a real validator and the rules of
 * docs/product/api-conventions.md, over every operation it lists.
 */

interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Record<string, unknown> }>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, Record<string, unknown>> };
}

let t: TestApp;
let doc: Document;
let operations: { method: string; path: string; name: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject('/api/docs')).json();
  const methods = ['get', 'put', 'post', 'delete', 'patch'];
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, name: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(async () => {
  await t.close();
});

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const statuses = (op: Operation) => Object.keys(op.responses);
const hasBody = (op: Operation) => op.requestBody !== undefined;
const hasPathParameters = (op: Operation) => (op.parameters ?? []).some((parameter) => parameter.in === 'path');
const hasInput = (op: Operation) => hasBody(op) || (op.parameters ?? []).length > 0;
const isStaff = (path: string, op: Operation) => (op.tags ?? []).includes('back office') || path.startsWith('/api/users/me');
const requirements = (op: Operation) => op.security ?? [];
/** The one write a mail program posts without cookies (src/server/plugins/xsrf.ts). */
const xsrfExempt = new Set(['POST /api/newsletter/{token}/unsubscribe']);
/** The forms that send mail (MAIL_FORMS_PER_HOUR), and the staff sign-in with the calls that confirm a password or code. */
const rateLimited = [
  'POST /api/orders/{orderId}/subscribe',
  'POST /api/newsletter/',
  'POST /api/newsletter/{token}/deletion',
  'POST /api/orders/{orderId}/notice',
  'POST /api/contact-form/',
  'POST /api/webinars/{id}/subscriptions',
  'POST /api/downloadables/by-code/{code}/subscriptions/',
  'POST /api/account/sign-in-link',
  'POST /api/users/login',
  'POST /api/users/login/second-factor',
  'POST /api/users/me/second-factor/enrolment',
  'DELETE /api/users/me/second-factor',
  'POST /api/users/me/password',
];
/** Where the state of a cart, an order, a webinar or a second factor can refuse the call. */
const conflicting = [
  'POST /api/orders/{orderId}/shopping-cart/',
  'PUT /api/orders/{orderId}/shopping-cart/currency',
  'POST /api/orders/{orderId}/shopping-cart/sync',
  'PUT /api/orders/{orderId}/shopping-cart/{itemId}',
  'POST /api/orders/{orderId}/shopping-cart/{itemId}/match-count',
  'POST /api/orders/{orderId}/subscribe',
  'PUT /api/orders/{orderId}/invoice-info',
  'POST /api/orders/{orderId}/checkout',
  'POST /api/orders/{orderId}/notice',
  'POST /api/orders/{orderId}/notice/confirmation',
  'POST /api/orders/{orderId}/plan/seats/preview',
  'POST /api/orders/{orderId}/plan/seats',
  'POST /api/orders/admin/{id}/pay',
  'POST /api/orders/admin/{id}/cancel-refund',
  'POST /api/orders/admin/{id}/archive-refund',
  'POST /api/orders/admin/{id}/termination',
  'POST /api/orders/admin/{id}/status',
  'DELETE /api/orders/admin/{id}/',
  'PUT /api/orders/admin/{id}/references',
  'POST /api/orders/admin/{id}/plan/seats/preview',
  'POST /api/orders/admin/{id}/plan/seats',
  'POST /api/webinars/{id}/subscriptions',
  'DELETE /api/webinars/admin/{id}',
  'POST /api/users/me/second-factor/enrolment',
  'POST /api/users/me/second-factor',
  'DELETE /api/users/me/second-factor',
  'POST /api/admin/staff/invitations',
  'PUT /api/admin/staff/{id}/role',
  'POST /api/admin/staff/{id}/disable',
  'POST /api/users/invitations/{token}',
  'PUT /api/newsletter/admin/issues/{id}',
  'DELETE /api/newsletter/admin/issues/{id}',
  'POST /api/newsletter/admin/issues/{id}/sending',
  'POST /api/newsletter/admin/issues/{id}/unschedule',
];
/** File answers by the ending of their address; the download link answers the item's PDF. */
const fileTypes: Record<string, string> = { '.csv': 'text/csv', '.pdf': 'application/pdf', '.svg': 'image/svg+xml', '.ics': 'text/calendar' };
const fileTypeOf = (path: string) =>
  path === '/api/downloadables/by-code/{code}/file'
    ? 'application/pdf'
    : path === '/api/newsletter/images/{id}'
      ? 'image/*'
      : path === '/api/newsletter/admin/issues/{id}/preview/{language}'
        ? 'text/html'
        : Object.entries(fileTypes).find(([ending]) => path.endsWith(ending))?.[1];

/** The `$ref`s a response schema allows, directly or as one of several. */
function refsOf(schema: Record<string, unknown> | undefined): string[] {
  if (!schema) return [];
  if (typeof schema.$ref === 'string') return [schema.$ref];
  const choices = (schema.oneOf ?? schema.anyOf ?? []) as Record<string, unknown>[];
  return choices.flatMap((choice) => refsOf(choice));
}

describe('OpenAPI document', () => {
  it('lists the calls with their schemas', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/country/', '/api/geolocation/whereami/country', '/api/currency/available-currencies', '/api/captcha/site-key']),
    );
    expect(doc.paths['/api/country/']?.get?.responses['200']?.content?.['application/json']?.schema.type).toBe('array');
  });

  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes the API only: the calls under /api and the puzzle provider', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter(({ path }) => !path.startsWith('/api/') && !path.startsWith('/captcha/')).map(({ name }) => name)).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(operations.filter(({ op }) => !/^[a-z][A-Za-z0-9]*$/.test(op.operationId ?? '')).map(({ name }) => name)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists 400 on every call with input, 404 on every call with path parameters, 413 and 415 on every call with a body', () => {
    const missing = operations.flatMap(({ name, op }) => {
      const expected = [
        ...(hasInput(op) ? ['400'] : []),
        ...(hasPathParameters(op) ? ['404'] : []),
        ...(hasBody(op) ? ['413', '415'] : []),
      ];
      return expected.filter((status) => !statuses(op).includes(status)).map((status) => `${name} ${status}`);
    });
    expect(missing).toEqual([]);
  });

  it('marks every staff call with the session scheme, 401 and 403 (reads open without a second factor aside), and no other call', () => {
    expect(doc.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'session', description: expect.any(String) });
    const staffCalls = operations.filter(({ path, op }) => isStaff(path, op));
    expect(staffCalls.length).toBeGreaterThan(25);
    // Every back-office address is tagged so (the test does not pick them by hand).
    expect(operations.filter(({ path, op }) => /\/admin(\/|$)/.test(path) && !isStaff(path, op)).map(({ name }) => name)).toEqual([]);
    for (const { name, path, method, op } of operations) {
      const staff = isStaff(path, op);
      expect(requirements(op).length > 0 && requirements(op).every((requirement) => 'session' in requirement), name).toBe(staff);
      if (!staff) continue;
      expect(statuses(op), name).toContain('401');
      // /api/users/me… stay open without a second factor (so staff can enrol): only their writes can be 403 (xsrf).
      if (!path.startsWith('/api/users/me') || writes.has(method)) expect(statuses(op), name).toContain('403');
    }
  });

  it('asks for the anti-forgery header (and lists 403) on every write but the one-click unsubscribe, and on no read', () => {
    expect(doc.components.securitySchemes.xsrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    for (const { name, method, op } of operations) {
      const needsHeader = writes.has(method) && !xsrfExempt.has(name);
      expect(requirements(op).length > 0 && requirements(op).every((requirement) => 'xsrf' in requirement), name).toBe(needsHeader);
      if (needsHeader) expect(statuses(op), name).toContain('403');
    }
    expect([...xsrfExempt].every((name) => operations.some((operation) => operation.name === name))).toBe(true);
  });

  it('lists 429 with Retry-After on the rate-limited calls and the sign-in, and only there', () => {
    expect(operations.filter(({ op }) => statuses(op).includes('429')).map(({ name }) => name).sort()).toEqual([...rateLimited].sort());
    for (const { name, op } of operations.filter(({ op }) => statuses(op).includes('429'))) {
      expect(Object.keys(op.responses['429']?.headers ?? {}), name).toEqual(['Retry-After']);
    }
  });

  it('lists 409 where the state of a cart, order, webinar, newsletter issue, second factor or staff account can refuse the call, and only there', () => {
    expect(operations.filter(({ op }) => statuses(op).includes('409')).map(({ name }) => name).sort()).toEqual([...conflicting].sort());
  });

  it('gives every error answer its JSON body: field errors or one error (both for 400 on a body), and never lists 500', () => {
    expect(doc.components.schemas.FieldErrors).toMatchObject({ required: ['errors'] });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['error'] });
    for (const { name, op } of operations) {
      expect(statuses(op), name).not.toContain('500');
      for (const [status, response] of Object.entries(op.responses).filter(([status]) => Number(status) >= 400)) {
        expect(Object.keys(response.content ?? {}), `${name} ${status}`).toEqual(['application/json']);
        const refs = refsOf(response.content?.['application/json']?.schema);
        const expected =
          status !== '400'
            ? ['#/components/schemas/Error']
            : hasBody(op)
              ? ['#/components/schemas/FieldErrors', '#/components/schemas/Error']
              : [expect.stringMatching(/^#\/components\/schemas\/(FieldErrors|Error)$/)];
        expect(refs, `${name} ${status}`).toEqual(expect.arrayContaining(expected));
        expect(response.description.length, `${name} ${status}`).toBeGreaterThan(10);
      }
    }
  });

  it('describes the file downloads by their media type, as text or bytes, not JSON', () => {
    const files = operations.filter(({ path }) => fileTypeOf(path));
    expect(files.map(({ name }) => name).sort()).toEqual([
      'GET /api/admin/audit/export.csv',
      'GET /api/contacts/admin/export.csv',
      'GET /api/downloadables/by-code/{code}/cover.svg',
      'GET /api/downloadables/by-code/{code}/file',
      'GET /api/newsletter/admin/issues/{id}/preview/{language}',
      'GET /api/newsletter/images/{id}',
      'GET /api/orders/admin/export.csv',
      'GET /api/orders/{orderId}/invoice.pdf',
      'GET /api/webinars/admin/{id}/subscribers.csv',
    ]);
    for (const { name, path, op } of files) {
      const content = op.responses['200']?.content ?? {};
      expect(Object.keys(content), name).toEqual([fileTypeOf(path)]);
      expect(content[fileTypeOf(path) ?? '']?.schema, name).toMatchObject({ type: 'string' });
    }
  });

  it('lists every code of a field error, with when it is given, and the server answers one of them', async () => {
    const fieldErrors = doc.components.schemas.FieldErrors as { properties: { errors: { items: { properties: { code: { enum: string[]; description: string } } } } } };
    const code = fieldErrors.properties.errors.items.properties.code;
    expect(code.enum).toEqual(Object.keys(fieldErrorCodes));
    for (const [listed, when] of Object.entries(fieldErrorCodes)) expect(code.description).toContain(`\`${listed}\` ${when}`);
    // A schema's own text (the phone format) comes with one of the listed codes, not the validator's.
    const xsrf = await startXsrfSession(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      headers: xsrf.headers,
      payload: { firstName: 'Anna', email: 'anna@example', phoneNumber: '(044)', phoneCountryCode: '+41', role: 'CEO', agreeWithDataPrivacy: false, captchaSolution: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    const codes = Object.fromEntries((refused.json().errors as { field: string; code: string }[]).map((error) => [error.field, error.code]));
    expect(codes).toEqual({ email: 'invalidEmail', phoneNumber: 'invalid', phoneCountryCode: 'invalid', role: 'invalidOption', agreeWithDataPrivacy: 'required' });
  });

  it('describes the error bodies the server sends', async () => {
    const unknown = await t.app.inject({ url: '/api/orders/00000000-0000-4000-8000-000000000000/detail' });
    expect(unknown.statusCode).toBe(404);
    const errorSchema = doc.components.schemas.Error as { required: string[]; properties: { error: { required: string[] } } };
    expect(Object.keys(unknown.json())).toEqual(errorSchema.required);
    expect(Object.keys(unknown.json().error).sort()).toEqual([...errorSchema.properties.error.required].sort());
    const invalid = await t.app.inject('/api/country/?language=fr-FR');
    expect(invalid.statusCode).toBe(400);
    const fieldErrors = doc.components.schemas.FieldErrors as { properties: { errors: { items: { required: string[] } } } };
    expect(Object.keys(invalid.json().errors[0]).sort()).toEqual([...fieldErrors.properties.errors.items.required].sort());
  });
});

describe('the answers the server gives', () => {
  /** A value for each path parameter: a cart that exists, the seeded downloadable, and ids and tokens nobody has. */
  const pathValues = (orderId: string): Record<string, string> => ({
    orderId,
    code: 'guide',
    language: 'en-US',
    token: 'a'.repeat(43),
    id: '00000000-0000-4000-8000-000000000000',
    itemId: '00000000-0000-4000-8000-000000000001',
    invoiceId: '00000000-0000-4000-8000-000000000002',
  });
  const addressOf = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? 'x'));

  it('are each listed in the document for their call, on a walk over every operation, anonymous and as an admin', async () => {
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: (await startXsrfSession(t.app)).headers,
      payload: { productCode: 'cyber_security_training_basic_v1', quantity: 1, paymentFrequency: 'ONE_TIME', currency: 'CHF' },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const values = pathValues(cart.json<{ id: string }>().id);
    const admin = await signInAsStaff(t, { role: 'admin' });
    // Signing out ends the admin's session: last.
    const walk = [...operations].sort((a, b) => Number(a.name === 'POST /api/users/logout') - Number(b.name === 'POST /api/users/logout'));
    const undocumented: string[] = [];
    const seen = new Set<string>();
    for (const { method, path, name, op } of walk) {
      const url = addressOf(path, values);
      const probes = [
        { who: 'anonymous', headers: {}, payload: undefined },
        { who: 'admin', headers: admin.headers, payload: hasBody(op) ? {} : undefined },
      ];
      for (const probe of probes) {
        const response = await t.app.inject({ method: method as 'GET', url, headers: probe.headers, ...(probe.payload ? { payload: probe.payload } : {}) });
        seen.add(`${name} ${response.statusCode}`);
        if (!statuses(op).includes(String(response.statusCode))) undocumented.push(`${name} as ${probe.who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(undocumented).toEqual([]);
    // The walk reaches more than refusals: answers, and the download link's redirect to the item's page.
    expect([...seen]).toEqual(expect.arrayContaining(['GET /api/country/ 200', 'GET /api/orders/{orderId}/detail 200', 'GET /api/downloadables/by-code/{code}/file 303']));
  });

  it("lists the download link's redirect to the item's page with where it leads", () => {
    const file = operations.find(({ name }) => name === 'GET /api/downloadables/by-code/{code}/file');
    expect(statuses(file!.op)).toEqual(expect.arrayContaining(['200', '303', '400', '404']));
    expect(file!.op.responses['303']?.description).toContain('/app/downloadable-content/{code}/{language}');
  });
});
