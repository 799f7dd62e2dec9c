import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env.ts';

const base = { SECRET_KEY: 'x'.repeat(32) };

describe('readEnv', () => {
  it('gives the documented defaults', () => {
    const env = readEnv(base);
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info' });
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
    ['CONTACT_EMAIL_SECURITY', 'not-an-address'],
    ['LOG_LEVEL', 'loud'],
    ['SECRET_KEY', 'short'],
    ['STAFF_MFA', 'always'],
    ['DEMO_ORDERS', 'no'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => readEnv({ ...base, [name]: value })).toThrowError(EnvError);
    expect(() => readEnv({ ...base, [name]: value })).toThrowError(new RegExp(`${name}:`));
  });

  it('makes the staff second factor optional unless STAFF_MFA=required', () => {
    expect(readEnv(base).STAFF_MFA).toBe('optional');
    expect(readEnv({ ...base, STAFF_MFA: 'required' }).STAFF_MFA).toBe('required');
  });

  it('makes demo orders unless DEMO_ORDERS=false', () => {
    expect(readEnv(base).DEMO_ORDERS).toBe(true);
    expect(readEnv({ ...base, DEMO_ORDERS: 'false' }).DEMO_ORDERS).toBe(false);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => readEnv({ ...base, ADMIN_EMAIL: 'a@b.ch' })).toThrowError(/ADMIN_PASSWORD/);
  });

  it('stops the server process with that message', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', SECRET_KEY: 'x'.repeat(32) },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT:');
    // Starting a Node process with the TypeScript loader takes seconds on a loaded machine.
  }, 30_000);
});
