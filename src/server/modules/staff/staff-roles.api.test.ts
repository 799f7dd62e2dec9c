import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import { runStaffCommand } from './staff-cli.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import type { AuditPage, StaffOverview } from '#shared/schemas/staff-admin.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { readCsv } from '../../../../tests/helpers/csv.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { systemActor } from '#server/modules/audit/audit.service.ts';

/**
 * Staff roles and the audit log through the API (docs/product/staff-roles.md,
 * docs/product/audit-log.md): a viewer made with the staff command reads but changes
 * nothing, and the admin finds both the change and the refused attempt in the log.
 */

let t: TestApp;
let visitor: XsrfSession;
let admin: StaffSignIn;
let viewer: StaffSignIn;
const viewerEmail = 'vera.viewer@example.ch';
const viewerPassword = 'Quiet-Orchard-Window-73';

beforeAll(async () => {
  t = await createTestApp();
  visitor = await startXsrfSession(t.app);
  admin = await signInAsStaff(t, { email: 'ada.admin@example.ch', name: 'Ada Admin', role: 'admin' });
  // The viewer is made as an operator would: `STAFF_PASSWORD=… npm run staff -- add EMAIL --role viewer`.
  const printed: string[] = [];
  const code = await runStaffCommand(['add', viewerEmail, '--name', 'Vera Viewer', '--role', 'viewer'], {
    accounts: t.app.staffAccounts,
    staffPassword: viewerPassword,
    print: (line) => printed.push(line),
  });
  expect(code, printed.join('\n')).toBe(0);
  expect(printed[0]).toBe(`Staff account added: ${viewerEmail} (viewer)`);
  viewer = await signInAsStaff(t, { email: viewerEmail, password: viewerPassword });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: StaffSignIn, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function placeOrder(): Promise<OrderDetail> {
  const call = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: visitor.headers, ...(payload ? { payload } : {}) });
  const { id } = (await call('POST', '/api/orders/', { productCode: 'cyber_security_training_foundation_v1', quantity: 12, paymentFrequency: 'ONE_TIME', currency: 'CHF', language: 'de-CH' })).json() as { id: string };
  const saved = await call('PUT', `/api/orders/${id}/invoice-info`, {
    company: { name: 'Muster AG' },
    address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' },
    invoiceAddressSameAsAddress: true,
    contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
    step: 5,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bought = await call('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language: 'de-CH' });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json() as OrderDetail;
}

async function auditPage(query: string, who: StaffSignIn = admin): Promise<AuditPage> {
  const response = await as(who, 'GET', `/api/admin/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditPage;
}

describe('a viewer reads, the admin changes, the audit log has both', () => {
  it('viewer: 200 for the list and the order, 403 for an action and the audit log; admin: INVOICE and the log', async () => {
    const { id } = await placeOrder();

    expect((await as(viewer, 'POST', '/api/orders/admin/list', {})).statusCode).toBe(200);
    const order = await as(viewer, 'GET', `/api/orders/admin/${id}/`);
    expect(order.statusCode, order.body).toBe(200);

    const refused = await as(viewer, 'POST', `/api/orders/admin/${id}/status`, { action: 'START_WORK' });
    expect(refused.statusCode).toBe(403);
    const { error } = refused.json() as { error: { code: string; messagesByLanguage: Record<string, string> } };
    expect(error.code).toBe('forbidden');
    // The roles are named in each language's words.
    expect(error.messagesByLanguage['en-US']).toContain('Your role (Viewer)');
    expect(error.messagesByLanguage['en-US']).toContain('the role Editor');
    expect(error.messagesByLanguage['de-CH']).toContain('Ihre Rolle (Nur lesen)');
    expect(error.messagesByLanguage['de-CH']).toContain('die Rolle Bearbeitung');
    expect((await as(viewer, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    // Nothing changed.
    expect(((await as(admin, 'GET', `/api/orders/admin/${id}/`)).json() as { detail: { status: string } }).detail.status).toBe('ORDERED');

    expect((await as(admin, 'POST', `/api/orders/admin/${id}/status`, { action: 'START_WORK' })).statusCode).toBe(200);
    const invoiced = await as(admin, 'POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' });
    expect(invoiced.statusCode, invoiced.body).toBe(200);

    const changes = await auditPage(`action=order.INVOICE&targetId=${id}`);
    expect(changes.results).toHaveLength(1);
    expect(changes.results[0]).toMatchObject({
      actorEmail: 'ada.admin@example.ch',
      actorRole: 'admin',
      clientAddress: '127.0.0.1',
      action: 'order.INVOICE',
      targetKind: 'order',
      targetId: id,
      outcome: 'success',
    });
    expect(changes.results[0]?.summary).toContain('IN_PROGRESS → INVOICED');

    const attempts = await auditPage(`actor=vera.viewer&outcome=refused`);
    expect(attempts.results.map((row) => [row.actorEmail, row.actorRole, row.action, row.targetId])).toEqual([
      [viewerEmail, 'viewer', 'access.refused', 'GET /api/admin/audit'],
      [viewerEmail, 'viewer', 'access.refused', `POST /api/orders/admin/${id}/status`],
    ]);
    expect(attempts.results[1]?.summary).toBe('needs the role editor, has viewer');

    // Every sign-in is there too, and the filters by target kind and by action prefix work.
    const signIns = await auditPage('action=signIn&targetKind=staff');
    expect(signIns.results.map((row) => row.actorEmail)).toEqual(expect.arrayContaining(['ada.admin@example.ch', viewerEmail]));
    const orderRows = await auditPage(`action=order.&targetId=${id}`);
    expect(orderRows.results.map((row) => row.action)).toEqual(['order.INVOICE', 'order.START_WORK']);
  });

  it('pages newest first and refuses bad filters with field errors', async () => {
    const first = await auditPage('pageSize=1');
    expect(first.results).toHaveLength(1);
    expect(first.totalPages).toBe(first.totalResults);
    const second = await auditPage('pageSize=1&page=2');
    expect((second.results[0]?.at ?? '') <= (first.results[0]?.at ?? '')).toBe(true);
    const bad = await as(admin, 'GET', '/api/admin/audit?fromDate=2026-02-30&outcome=maybe');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual(['fromDate', 'outcome']);
  });

  it('exports the filtered log as CSV that csv-parse reads back, and records the export', async () => {
    const response = await as(admin, 'GET', '/api/admin/audit/export.csv?actor=vera.viewer&outcome=refused&language=de-CH');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = readCsv(response.body);
    expect(header).toEqual(['Wann (UTC)', 'Wer', 'Rolle', 'Client-Adresse', 'Aktion', 'Art des Ziels', 'Ziel', 'Ergebnis', 'Zusammenfassung']);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row[1] === viewerEmail && row[7] === 'refused')).toBe(true);
    const exports = await auditPage('action=export.audit');
    expect(exports.results[0]).toMatchObject({ actorEmail: 'ada.admin@example.ch', summary: expect.stringContaining('actor=vera.viewer') });
  });

  it('a viewer opens a message without marking it read; an editor marks it read by opening it', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact-form/',
      headers: visitor.headers,
      payload: {
        firstName: 'Anna',
        lastName: 'Muster',
        email: 'anna.muster@example.ch',
        captchaSolution: await solveCaptcha(t.app, 'contact'),
        agreeWithDataPrivacy: true,
        preferredLanguage: 'de-CH',
        recipient: 'EDUCATION_EXPERT',
        subject: 'Training for our developers',
        message: 'Which training fits a team of twelve developers?',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const inbox = (await as(viewer, 'GET', '/api/messages/admin/')).json() as { results: { id: string; read: boolean }[] };
    const id = inbox.results[0]?.id ?? '';
    expect((await as(viewer, 'GET', `/api/messages/admin/${id}`)).json()).toMatchObject({ read: false });
    expect((await as(viewer, 'POST', `/api/messages/admin/${id}/archive`)).statusCode).toBe(403);
    const editor = await signInAsStaff(t, { email: 'eddie.editor@example.ch' });
    expect((await as(editor, 'GET', `/api/messages/admin/${id}`)).json()).toMatchObject({ read: true });
    expect((await as(editor, 'POST', `/api/messages/admin/${id}/archive`)).statusCode).toBe(200);
    expect((await auditPage(`targetId=${id}`)).results.map((row) => [row.actorEmail, row.action, row.outcome])).toEqual([
      ['eddie.editor@example.ch', 'message.archive', 'success'],
    ]);
  });

  it('records the exports of viewers too', async () => {
    const exported = await as(viewer, 'GET', '/api/orders/admin/export.csv');
    expect(exported.statusCode).toBe(200);
    const rows = await auditPage('action=export.orders');
    expect(rows.results[0]).toMatchObject({ actorEmail: viewerEmail, actorRole: 'viewer' });
  });
});

describe('roles of staff accounts', () => {
  it('the last active admin can be neither demoted nor disabled (the staff page also refuses an admin their own account)', async () => {
    // A database of its own, whose only admin is the one made here.
    const fresh = await createTestApp();
    const { app } = fresh;
    try {
      await app.staffAccounts.addStaff({ email: 'only.admin@example.ch', password: viewerPassword, role: 'admin' });
      await expect(app.staffAccounts.setRole('only.admin@example.ch', 'editor')).rejects.toMatchObject({ code: 'conflict', messageKey: 'error.staff.lastAdmin' });
      await expect(app.staffAccounts.disableStaff('only.admin@example.ch')).rejects.toMatchObject({ code: 'conflict' });
      await app.staffAccounts.addStaff({ email: 'second.admin@example.ch', password: viewerPassword, role: 'admin' });
      expect(await app.staffAccounts.setRole('only.admin@example.ch', 'editor')).toEqual({ email: 'only.admin@example.ch', role: 'editor' });
      await expect(app.staffAccounts.disableStaff('second.admin@example.ch')).rejects.toMatchObject({ code: 'conflict' });
    } finally {
      await fresh.close();
    }
  });

  it('an admin invites by a one-time link; the invitee sets name and password and signs in with the role', async () => {
    const invited = await as(admin, 'POST', '/api/admin/staff/invitations', { email: 'Ella.Editor@example.ch', role: 'viewer', language: 'de-CH' });
    expect(invited.statusCode, invited.body).toBe(200);
    expect((invited.json() as StaffOverview).invitations).toEqual([expect.objectContaining({ email: 'ella.editor@example.ch', role: 'viewer', invitedBy: 'ada.admin@example.ch' })]);
    const [mail] = await queuedMails(t.database, { to: 'ella.editor@example.ch' });
    expect(mail?.subject).toBe('Ihre Einladung ins Backoffice der CyberSafe Academy');
    const link = /https?:\/\/\S+\/app\/admin-panel\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';

    expect((await t.app.inject({ method: 'GET', url: `/api/users/invitations/${token}` })).json()).toEqual({ email: 'ella.editor@example.ch', role: 'viewer' });
    const weak = await t.app.inject({ method: 'POST', url: `/api/users/invitations/${token}`, headers: visitor.headers, payload: { name: 'Ella', password: 'short' } });
    expect(weak.statusCode).toBe(400);
    const accepted = await t.app.inject({ method: 'POST', url: `/api/users/invitations/${token}`, headers: visitor.headers, payload: { name: 'Ella Editor', password: viewerPassword } });
    expect(accepted.statusCode, accepted.body).toBe(204);
    // The link works once.
    expect((await t.app.inject({ method: 'GET', url: `/api/users/invitations/${token}` })).statusCode).toBe(404);

    const ella = await signInAsStaff(t, { email: 'ella.editor@example.ch', password: viewerPassword });
    const me = (await as(ella, 'GET', '/api/users/me')).json() as { name: string; role: string };
    expect(me).toMatchObject({ name: 'Ella Editor', role: 'viewer' });

    // The admin makes her an editor: her open session has the new role at its next call.
    const overview = (await as(admin, 'GET', '/api/admin/staff')).json() as StaffOverview;
    const account = overview.accounts.find((row) => row.email === 'ella.editor@example.ch');
    expect(account).toMatchObject({ role: 'viewer', openSessions: 1, disabled: false });
    expect((await as(admin, 'PUT', `/api/admin/staff/${account?.id}/role`, { role: 'editor' })).statusCode).toBe(200);
    expect(((await as(ella, 'GET', '/api/users/me')).json() as { role: string }).role).toBe('editor');
    // An admin cannot demote themselves here.
    const self = overview.accounts.find((row) => row.you);
    expect((await as(admin, 'PUT', `/api/admin/staff/${self?.id}/role`, { role: 'viewer' })).statusCode).toBe(409);
    // Disabling ends her sessions.
    expect((await as(admin, 'POST', `/api/admin/staff/${account?.id}/disable`)).statusCode).toBe(200);
    expect((await as(ella, 'GET', '/api/users/me')).statusCode).toBe(401);

    const trail = await auditPage(`targetId=${account?.id}`);
    expect(trail.results.map((row) => [row.actorEmail, row.action])).toEqual([
      ['ada.admin@example.ch', 'staff.disable'],
      ['ada.admin@example.ch', 'staff.role'],
      ['ella.editor@example.ch', 'signIn'],
      ['ella.editor@example.ch', 'staff.acceptInvitation'],
    ]);
    // No password, code or token in any row.
    const all = await t.database.db.select().from(auditLog);
    expect(all.some((row) => row.summary.includes(viewerPassword) || row.summary.includes(token))).toBe(false);
  });
});

describe('the table keeps its rows', () => {
  it('refuses to update or delete a row outside pseudonymisation and pruning; prunes rows past the retention', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_log set summary = 'changed'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await db.transaction((tx) => t.app.audit.record(systemActor, { action: 'test.old', summary: 'from long ago' }, tx));
    // A row of 800 days ago (the retention is 730 days by default).
    await db.execute(sql`insert into audit_log (at, actor_email, action, outcome) values (now() - interval '800 days', 'system', 'test.ancient', 'success')`);
    expect(await t.app.audit.prune()).toBe(1);
    const left = await db.select().from(auditLog).where(sql`action like 'test.%'`);
    expect(left.map((row) => row.action)).toEqual(['test.old']);
  });

  it("a person's erasure replaces their address in the log by a pseudonym", async () => {
    const db = t.database.db;
    await db.transaction((tx) => t.app.audit.record({ email: 'Erin@example.ch', role: null, clientAddress: '10.1.2.3' }, { action: 'test.person', target: { kind: 'contact', id: 'erin@example.ch' }, summary: 'about erin@example.ch' }, tx));
    await db.transaction((tx) => t.app.audit.pseudonymise({ email: 'erin@example.ch', contactId: null }, tx));
    const [row] = await db.select().from(auditLog).where(sql`action = 'test.person'`);
    expect(row?.actorEmail).toMatch(/^erased-[0-9a-f]{16}$/);
    expect(row?.clientAddress).toBeNull();
    expect(row?.targetId).toBe(row?.actorEmail);
    expect(row?.summary).toBe(`about ${row?.actorEmail}`);
  });
});

describe('the API document', () => {
  it('names the role of every staff call', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, { 'x-staff-role'?: string; responses: Record<string, unknown> }>> };
    expect(document.paths['/api/admin/audit']?.get?.['x-staff-role']).toBe('admin');
    expect(document.paths['/api/orders/admin/{id}/status']?.post?.['x-staff-role']).toBe('editor');
    expect(document.paths['/api/orders/admin/{id}/status']?.post?.responses['403']).toBeDefined();
    expect(document.paths['/api/orders/admin/list']?.post?.['x-staff-role']).toBe('viewer');
  });
});
