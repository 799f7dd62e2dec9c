import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, projectRoot, userEnvironment } from '../helpers/built-server.ts';
import { Browser, invoiceInfoSteps, solveCaptchaOver, type Json } from '../helpers/http-visitor.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { createPostgresDatabase, type PostgresTestDatabase } from '../helpers/test-app.ts';

/**
 * Two copies of the shop (two server processes, as `npm start` runs them) on one
 * PostgreSQL database, and nginx in front of them with the example configuration of
 * deploy/nginx/shop.conf: they behave as one shop.
 */

const root = projectRoot;

async function waitUntilReady(base: string, process: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`a copy stopped while starting:\n${log()}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base} did not become ready:\n${log()}`);
}

const staff = { email: 'copies@example.ch', password: 'two copies, one shop!' };
/** The copies' mail-form limit per client address; the tests that go to a copy directly send fewer from 127.0.0.1. */
const mailFormsPerHour = 20;
/** The requests nginx lets one client address have in progress at once, in this test (deploy/nginx/shop.conf has its own). */
const connectionsPerAddress = 4;
let smtp: TestSmtpServer;
let database: PostgresTestDatabase;
const processes: ChildProcess[] = [];
let copyA = '';
let copyB = '';
let proxy = '';
let secretKey = '';
/** What the copies print, for the message of a failed start. */
const logs: string[] = [];
/** The running copy on each port. */
const copies = new Map<number, ChildProcess>();

/** A copy on `port`, started as `npm start` starts the server (scripts/start.mjs). */
function startCopy(port: number): ChildProcess {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // What a user's shell gives, and the settings of a copy behind nginx; the log level is the default.
    env: userEnvironment({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ...(database.migrationUrl ? { MIGRATION_DATABASE_URL: database.migrationUrl } : {}),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'shop-copy-')),
      SECRET_KEY: secretKey,
      PUBLIC_URL: proxy,
      TRUST_PROXY: '127.0.0.1',
      MAIL_FORMS_PER_HOUR: String(mailFormsPerHour),
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: staff.email,
      ADMIN_PASSWORD: staff.password,
      CAPTCHA_MAX_NUMBER: '1000',
      DEMO_ORDERS: 'false',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  processes.push(child);
  copies.set(port, child);
  return child;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await createPostgresDatabase();
  secretKey = randomBytes(32).toString('hex');
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  copyA = `http://127.0.0.1:${portA}`;
  copyB = `http://127.0.0.1:${portB}`;
  proxy = `http://127.0.0.1:${proxyPort}`;

  // Both copies start at the same moment: migrations, seed and the staff account must cope.
  const [a, b] = [startCopy(portA), startCopy(portB)];
  await Promise.all([waitUntilReady(copyA, a, () => logs.join('')), waitUntilReady(copyB, b, () => logs.join(''))]);

  // nginx with the example configuration, pointed at the two copies.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
  const example = readFileSync(path.join(root, 'deploy/nginx/shop.conf'), 'utf8');
  // The copies listen on ports here, so that the tests can also reach each one directly.
  const upstream = ['server unix:/run/shop/shop-1.sock;', 'server unix:/run/shop/shop-2.sock;'];
  expect(upstream.every((line) => example.includes(line))).toBe(true);
  writeFileSync(
    path.join(folder, 'shop.conf'),
    example
      .replace(upstream[0] ?? '', `server 127.0.0.1:${portA};`)
      .replace(upstream[1] ?? '', `server 127.0.0.1:${portB};`)
      .replace('listen 8080', `listen 127.0.0.1:${proxyPort}`)
      .replace(/limit_conn shop_per_address \d+;/, `limit_conn shop_per_address ${connectionsPerAddress};`),
  );
  writeFileSync(
    path.join(folder, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${folder}/nginx.pid;`,
      `error_log ${folder}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${folder}/${kind};`),
      `  include ${folder}/shop.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx = spawn('nginx', ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const nginxLog: string[] = [];
  nginx.stderr?.on('data', (chunk: Buffer) => nginxLog.push(chunk.toString()));
  nginx.on('error', (error) => nginxLog.push(`nginx could not start (is it installed? .ci/run installs nginx-light): ${error.message}`));
  processes.push(nginx);
  await waitUntilReady(proxy, nginx, () => nginxLog.join(''));
}, 180_000);

afterAll(async () => {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(processes.map((child) => (child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)))));
  await smtp?.close();
  await database?.drop();
}, 60_000);

const product = { productCode: 'cyber_security_training_foundation_v1', quantity: 12, paymentFrequency: 'ONE_TIME', currency: 'CHF', language: 'de-CH' };

describe('two copies on one database', () => {
  it('serve and check out through one copy a cart made through the other', async () => {
    const browser = new Browser();
    const created = await browser.call(copyA, 'POST', '/api/orders/', product);
    expect(created.status).toBe(200);
    const id = created.json.id as string;
    const cart = await browser.call(copyB, 'GET', `/api/orders/${id}/shopping-cart/`);
    expect(cart.status).toBe(200);
    expect(cart.json.items).toHaveLength(1);

    const buyer = { company: 'Muster AG', street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch' };
    for (const [index, body] of invoiceInfoSteps(buyer).entries()) {
      expect((await browser.call(index % 2 === 0 ? copyB : copyA, 'PUT', `/api/orders/${id}/invoice-info`, body)).status).toBe(200);
    }
    // The puzzle comes from one copy, the order is placed through the other.
    const bought = await browser.call(copyA, 'POST', `/api/orders/${id}/checkout`, {
      agreeWithLegalTexts: true,
      captchaSolution: await solveCaptchaOver(copyB, 'checkout'),
      language: 'de-CH',
    });
    expect(bought.status).toBe(200);
    expect((await browser.call(copyB, 'GET', `/api/orders/${id}/status-info`)).json).toMatchObject({ status: expect.any(String) });
    // A placed order is no longer a cart on either copy.
    expect((await browser.call(copyB, 'POST', `/api/orders/${id}/shopping-cart/`, product)).status).toBe(409);
  });

  it('show on each copy the cart as the other changed it, though each keeps the carts it read', async () => {
    const browser = new Browser();
    const id = (await browser.call(copyA, 'POST', '/api/orders/', product)).json.id as string;
    const seatsOn = async (copy: string) => {
      const cart = await browser.call(copy, 'GET', `/api/orders/${id}/shopping-cart/`);
      expect(cart.status).toBe(200);
      return (cart.json.items as { quantity: number }[])[0]?.quantity;
    };
    const first = await seatsOn(copyB);
    expect(await seatsOn(copyA)).toBe(first);
    expect((await browser.call(copyA, 'POST', `/api/orders/${id}/shopping-cart/`, product)).status).toBe(200);
    expect(await seatsOn(copyB)).toBe(Number(first) * 2);
    const line = ((await browser.call(copyB, 'GET', `/api/orders/${id}/shopping-cart/`)).json.items as { id: string }[])[0]!;
    expect((await browser.call(copyB, 'PUT', `/api/orders/${id}/shopping-cart/${line.id}`, { quantity: 3 })).status).toBe(200);
    expect(await seatsOn(copyA)).toBe(3);
  });

  it('share staff sessions: signed in on one, valid on the other, ended on both', async () => {
    const browser = new Browser();
    const login = await browser.call(copyA, 'POST', '/api/users/login', { ...staff, captchaSolution: await solveCaptchaOver(copyA, 'signIn') });
    expect(login.status).toBe(200);
    expect(await browser.call(copyB, 'GET', '/api/users/me')).toMatchObject({ status: 200, json: { email: staff.email } });
    expect((await browser.call(copyB, 'POST', '/api/users/logout')).status).toBe(204);
    expect((await browser.call(copyA, 'GET', '/api/users/me')).status).toBe(401);
  });

  it('refuse on one copy a captcha solution spent on the other', async () => {
    const browser = new Browser();
    const solution = await solveCaptchaOver(copyA, 'forms');
    const form = { firstName: 'Anna', email: 'anna@example.ch', agreeWithDataPrivacy: true, captchaSolution: solution };
    expect((await browser.call(copyA, 'POST', '/api/newsletter/', form)).status).toBe(200);
    const replay = await browser.call(copyB, 'POST', '/api/newsletter/', form);
    expect(replay.status).toBe(400);
    expect(replay.json.errors[0]).toMatchObject({ field: 'captchaSolution', code: 'used' });
  });

  it('send each mail once while both mail workers run', async () => {
    smtp.mails.length = 0;
    const browser = new Browser();
    const sent = 6;
    for (let i = 0; i < sent; i++) {
      const copy = i % 2 === 0 ? copyA : copyB;
      const answer = await browser.call(copy, 'POST', '/api/contact-form/', {
        firstName: 'Anna',
        email: `sender-${i}@example.ch`,
        agreeWithDataPrivacy: true,
        captchaSolution: await solveCaptchaOver(copy, 'contact'),
        recipient: 'MESSAGE_CENTRAL',
        subject: `Question ${i}`,
        message: 'Which training fits a team of twelve developers?',
      });
      expect(answer.status).toBe(200);
    }
    // Each message: one mail to the team (Reply-To: the sender), one acknowledgement to the sender.
    const ofTheseForms = () => smtp.mails.filter((mail) => /sender-\d@example\.ch/.test(`${[mail.to].flat().map((address) => address?.text).join(' ')} ${mail.replyTo?.text}`));
    const deadline = Date.now() + 30_000;
    while (ofTheseForms().length < sent * 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 6_000)); // both workers have polled again since
    expect(ofTheseForms()).toHaveLength(sent * 2);
    // Nothing at all arrived twice (the order mails of the first test included).
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(smtp.mails.length);
  });

  it('work behind nginx as one shop', async () => {
    const browser = new Browser();
    const created = await browser.call(proxy, 'POST', '/api/orders/', product);
    expect(created.status).toBe(200);
    const id = created.json.id as string;
    for (let i = 0; i < 6; i++) {
      const cart = await browser.call(proxy, 'GET', `/api/orders/${id}/shopping-cart/`);
      expect(cart.status).toBe(200);
      expect(cart.json.items[0]).toMatchObject({ quantity: 12 });
    }
    const page = await fetch(`${proxy}/web/en-US/`);
    expect(page.status).toBe(200);
  });

  it('keep their metrics to the copies: nginx does not forward /metrics', async () => {
    for (const address of ['/metrics', '/metrics/', '/metrics?name=x', '//metrics', '/%6detrics']) {
      expect((await fetch(`${proxy}${address}`)).status, address).toBe(404);
    }
    // On a copy's own port, where Prometheus scrapes it, the same address answers.
    const direct = await fetch(`${copyA}/metrics`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('shop_http_requests_total');
  });
});

describe('behind nginx, the client address', () => {
  /** X-Forwarded-For with a new made-up address on every request. */
  let made = 0;
  const forged = () => ({ 'x-forwarded-for': `203.0.113.${++made % 250}` });

  it('is the one nginx saw, whatever X-Forwarded-For the client sends', async () => {
    const browser = new Browser({ localAddress: '127.0.0.3', headers: forged });
    const login = await browser.call(proxy, 'POST', '/api/users/login', { ...staff, captchaSolution: await solveCaptchaOver(proxy, 'signIn') });
    expect(login.status).toBe(200);
    const sessions = await browser.call(proxy, 'GET', '/api/users/me/sessions');
    expect(sessions.status).toBe(200);
    expect(sessions.json.find((session: Json) => session.current)).toMatchObject({ clientAddress: '127.0.0.3' });
    expect((await browser.call(proxy, 'POST', '/api/users/logout')).status).toBe(204);
  });

  it('keeps the mail-form limit when every request names another address', async () => {
    const browser = new Browser({ localAddress: '127.0.0.4', headers: forged });
    const form = { firstName: 'Anna', email: 'anna@example.ch', agreeWithDataPrivacy: true, captchaSolution: 'not solved' };
    for (let i = 0; i < mailFormsPerHour; i++) expect((await browser.call(proxy, 'POST', '/api/newsletter/', form)).status).toBe(400);
    const refused = await browser.call(proxy, 'POST', '/api/newsletter/', form);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('tooManyRequests');
    // Another client behind the same nginx is not affected.
    expect((await new Browser({ localAddress: '127.0.0.5', headers: forged }).call(proxy, 'POST', '/api/newsletter/', form)).status).toBe(400);
  });

  it('has at most so many requests in progress at nginx, while other addresses are served', async () => {
    // Requests whose body never arrives: nginx holds each one until client_body_timeout.
    const { port } = new URL(proxy);
    const held = await Promise.all(
      Array.from({ length: connectionsPerAddress }, async () => {
        const socket = net.connect({ host: '127.0.0.1', port: Number(port), localAddress: '127.0.0.6' });
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write('POST /api/newsletter/ HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
        return socket;
      }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await new Browser({ localAddress: '127.0.0.6' }).call(proxy, 'GET', '/api/health');
      expect(refused.status).toBe(429);
      expect(refused.json.error).toMatchObject({ code: 'tooManyRequests', messagesByLanguage: { 'de-CH': expect.any(String) } });
      expect((await new Browser({ localAddress: '127.0.0.7' }).call(proxy, 'GET', '/api/health')).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await new Browser({ localAddress: '127.0.0.6' }).call(proxy, 'GET', '/api/health')).status).toBe(200);
  });
});

describe('a rolling restart', () => {
  it('of one copy under a steady stream of POSTs through nginx answers every request', async () => {
    const statuses = new Map<number | string, number>();
    let streaming = true;
    // Three visitors adding carts one request after another; each its own browser (cookies, anti-forgery token).
    const stream = async (localAddress: string) => {
      const browser = new Browser({ localAddress });
      while (streaming) {
        const status = await browser.call(proxy, 'POST', '/api/orders/', product).then(
          (answer) => answer.status,
          (error: Error) => error.message,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const streams = ['127.0.0.8', '127.0.0.9', '127.0.0.10'].map(stream);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Copy A stops (SIGTERM) while nginx holds kept-open connections to it, and starts again.
    const port = Number(new URL(copyA).port);
    const stopping = copies.get(port)!;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitUntilReady(copyA, startCopy(port), () => logs.join(''));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    streaming = false;
    await Promise.all(streams);

    console.info('answers during the rolling restart, by status:', Object.fromEntries(statuses));
    expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
    expect(statuses.get(200)).toBeGreaterThan(50);
  }, 120_000);
});
