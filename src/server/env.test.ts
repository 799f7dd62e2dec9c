import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { projectRoot, userEnvironment } from '../../tests/helpers/built-server.ts';
import { EnvError, readEnv, readStorageEnv } from './env.ts';

const base = { SECRET_KEY: 'x'.repeat(32) };

describe('readEnv', () => {
  it('gives the documented defaults', () => {
    const env = readEnv(base);
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('takes the public address from PORT when PUBLIC_URL is unset', () => {
    expect(readEnv({ ...base, PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(readEnv({ ...base, PORT: '4000', PUBLIC_URL: 'https://shop.example' }).PUBLIC_URL).toBe('https://shop.example');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['SMTP_URL', 'http://mail'],
    ['MAIL_FROM', 'not-an-address'],
    ['MAIL_FROM', 'CyberSafe Academy <not-an-address>'],
    ['NEWSLETTER_FROM', 'CyberSafe <news@example.ch'],
    ['NEWSLETTER_MAILS_PER_MINUTE', '0'],
    ['DKIM_PRIVATE_KEY', 'not a key'],
    ['DKIM_SELECTOR', 'two words'],
    ['CONTACT_EMAIL_SECURITY', 'not-an-address'],
    ['LOG_LEVEL', 'loud'],
    ['SECRET_KEY', 'short'],
    ['STAFF_MFA', 'always'],
    ['DEMO_ORDERS', 'no'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '127.0.0.1,nginx'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,'],
    ['MAX_CONNECTIONS_PER_ADDRESS', '0'],
    ['MAX_CONNECTIONS_PER_ADDRESS', 'many'],
    ['SOCKET_PATH', 'run/shop.sock'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => readEnv({ ...base, [name]: value })).toThrowError(EnvError);
    expect(() => readEnv({ ...base, [name]: value })).toThrowError(new RegExp(`${name}:`));
  });

  it('takes sender addresses with a display name, quoted or not', () => {
    const env = readEnv({ ...base, MAIL_FROM: 'CyberSafe Academy <shop@cybersafe-academy.ch>', NEWSLETTER_FROM: '"CyberSafe Academy, Newsletter" <news@cybersafe-academy.ch>' });
    expect(env.MAIL_FROM).toBe('CyberSafe Academy <shop@cybersafe-academy.ch>');
    expect(env.NEWSLETTER_FROM).toBe('"CyberSafe Academy, Newsletter" <news@cybersafe-academy.ch>');
  });

  it('signs with DKIM only with domain, selector and key together, and a key that can sign', () => {
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const dkim = { DKIM_DOMAIN: 'cybersafe-academy.ch', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: key.trim().replace(/\n/g, '\\n') };
    expect(readEnv({ ...base, ...dkim }).DKIM_PRIVATE_KEY).toBe(key.trim());
    expect(() => readEnv({ ...base, ...dkim, DKIM_SELECTOR: '' })).toThrowError(/DKIM_PRIVATE_KEY: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together/);
    const publicKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => readEnv({ ...base, ...dkim, DKIM_PRIVATE_KEY: publicKey })).toThrowError(/DKIM_PRIVATE_KEY: must be an RSA or Ed25519 private key/);
  });

  it('makes the staff second factor optional unless STAFF_MFA=required', () => {
    expect(readEnv(base).STAFF_MFA).toBe('optional');
    expect(readEnv({ ...base, STAFF_MFA: 'required' }).STAFF_MFA).toBe('required');
  });

  it('makes demo orders unless DEMO_ORDERS=false', () => {
    expect(readEnv(base).DEMO_ORDERS).toBe(true);
    expect(readEnv({ ...base, DEMO_ORDERS: 'false' }).DEMO_ORDERS).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY names how many hops or which addresses', () => {
    expect(readEnv(base).TRUST_PROXY).toBe(false);
    expect(readEnv({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(readEnv({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(readEnv({ ...base, TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual({ addresses: ['127.0.0.1'] });
    expect(readEnv({ ...base, TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.1 ,::1, fd00::/8' }).TRUST_PROXY).toEqual({
      addresses: ['10.0.0.0/8', '192.0.2.1', '::1', 'fd00::/8'],
    });
  });

  it('says what to set instead of TRUST_PROXY=true', () => {
    expect(() => readEnv({ ...base, TRUST_PROXY: 'true' })).toThrowError(/TRUST_PROXY: .*addresses of the proxies.*number of proxies/);
  });

  it('caps the connections of one client address at 128 unless MAX_CONNECTIONS_PER_ADDRESS says otherwise', () => {
    expect(readEnv(base).MAX_CONNECTIONS_PER_ADDRESS).toBe(128);
    expect(readEnv({ ...base, MAX_CONNECTIONS_PER_ADDRESS: '16' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(16);
  });

  it('takes MIGRATION_DATABASE_URL only beside DATABASE_URL: the same database, another role', () => {
    const app = 'postgres://shop:secret@db.internal:5432/shop';
    const owner = 'postgres://shop_owner:other@db.internal:5432/shop';
    expect(readEnv({ ...base, DATABASE_URL: app, MIGRATION_DATABASE_URL: owner }).MIGRATION_DATABASE_URL).toBe(owner);
    expect(readStorageEnv({ DATABASE_URL: app, MIGRATION_DATABASE_URL: owner }).MIGRATION_DATABASE_URL).toBe(owner);
    for (const read of [(source: Record<string, string>) => readEnv({ ...base, ...source }), readStorageEnv]) {
      expect(() => read({ MIGRATION_DATABASE_URL: owner })).toThrowError(/MIGRATION_DATABASE_URL: is set without DATABASE_URL/);
      expect(() => read({ DATABASE_URL: app, MIGRATION_DATABASE_URL: 'postgres://shop:x@db.internal:5432/shop' })).toThrowError(/MIGRATION_DATABASE_URL: must name another role/);
      expect(() => read({ DATABASE_URL: app, MIGRATION_DATABASE_URL: 'postgres://shop_owner:x@db.internal:5432/shop_test' })).toThrowError(/MIGRATION_DATABASE_URL: must name the database of DATABASE_URL \(shop\)/);
      expect(() => read({ DATABASE_URL: 'postgres://db.internal/shop', MIGRATION_DATABASE_URL: owner })).toThrowError(/MIGRATION_DATABASE_URL: needs DATABASE_URL to name the app's role/);
    }
  });

  it('listens on the loopback interface, or on the Unix socket of SOCKET_PATH with PUBLIC_URL and no TRUST_PROXY', () => {
    expect(readEnv(base).HOST).toBe('127.0.0.1');
    expect(readEnv(base).SOCKET_PATH).toBeUndefined();
    const socket = { ...base, SOCKET_PATH: '/run/shop/shop.sock', PUBLIC_URL: 'https://shop.example' };
    expect(readEnv(socket).SOCKET_PATH).toBe('/run/shop/shop.sock');
    expect(() => readEnv({ ...socket, PUBLIC_URL: '' })).toThrowError(/PUBLIC_URL: set PUBLIC_URL with SOCKET_PATH/);
    expect(() => readEnv({ ...socket, TRUST_PROXY: '127.0.0.1' })).toThrowError(/TRUST_PROXY: leave TRUST_PROXY unset with SOCKET_PATH/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => readEnv({ ...base, ADMIN_EMAIL: 'a@b.ch' })).toThrowError(/ADMIN_PASSWORD/);
  });

  it('stops the server process, as npm start runs it, with that message', () => {
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: projectRoot,
      env: userEnvironment({ PORT: 'eighty' }),
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT:');
    // Long enough for the build npm start makes when the sources changed since the last one.
  }, 180_000);
});
