import { createPrivateKey, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { company } from '#shared/company.ts';

/**
 * The environment, read and validated once at start, so a misconfiguration shows up
 * before the first request rather than in the middle of one. A bad value stops
 * the process with a message that names the variable; `.env.example` lists them all.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
        message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      })
      .optional(),
  );

/**
 * A sender address as a mail's From shows it: `shop@example.ch`, or with a display name,
 * `CyberSafe Academy <shop@example.ch>` (the name may be quoted). Kept as written; the
 * mail module reads the address and the name from it (mail-senders.rules.ts).
 */
const senderAddress = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .refine(
        (value) => {
          const named = /^\s*(?:"[^"\r\n]*"|[^"<>\r\n]*?)\s*<([^<>\s]+)>\s*$/.exec(value);
          return z.email().safeParse(named ? named[1] : value.trim()).success;
        },
        { message: 'must be an e-mail address, optionally with a display name: shop@example.ch or CyberSafe Academy <shop@example.ch>' },
      ),
  );

/**
 * The DKIM key, a PEM text (its line breaks may be written as \n, as one line of an .env
 * file); checked at start, so a key that cannot sign stops the process instead of every mail.
 */
const dkimPrivateKey = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine(
      (value) => {
        try {
          const key = createPrivateKey(value);
          return key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'ed25519';
        } catch {
          return false;
        }
      },
      { message: 'must be an RSA or Ed25519 private key in PEM form (-----BEGIN PRIVATE KEY----- …), line breaks written as \\n' },
    )
    .optional(),
);

/**
 * Who may say, in X-Forwarded-For and X-Forwarded-Proto, whom it forwards: nobody (the
 * peer is the client), the nearest `hops` peers whatever their address, or peers with
 * one of these addresses or in one of these networks (docs/decisions/026-trusted-proxies.md).
 */
type TrustedProxies = false | { hops: number } | { addresses: string[] };

/** An IPv4 or IPv6 address, optionally with a prefix length: `10.0.0.0/8`, `fd00::/8`. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const maxProxyHops = 10;
const trustedProxies = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('false')
    .transform((value, context): TrustedProxies => {
      const text = value.trim();
      if (text === 'false') return false;
      // `true` once trusted every address a client wrote into X-Forwarded-For.
      const refuse = (message: string) => {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (text === 'true') {
        return refuse(
          'true is no longer accepted: set the addresses of the proxies in front (e.g. 127.0.0.1 for nginx on this machine, or 10.0.0.0/8), or the number of proxies in front (e.g. 1) when the port is reachable only through them',
        );
      }
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        return hops >= 1 && hops <= maxProxyHops ? { hops } : refuse(`a number of proxies must be 1 to ${maxProxyHops} (false: no proxy)`);
      }
      const addresses = text.split(',').map((entry) => entry.trim());
      const wrong = addresses.find((entry) => !isAddressOrNetwork(entry));
      return wrong === undefined
        ? { addresses }
        : refuse(`"${wrong}" is not an IP address or network (e.g. 127.0.0.1, 10.0.0.0/8); expected false, a number of proxies, or their addresses separated by commas`);
    }),
);

/**
 * Where the shop's data is: the part of the environment the backup and restore commands
 * read (src/server/db/backup.ts), which must not make a secret key as readEnv does.
 */
const storageFields = {
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  /**
   * The same PostgreSQL database as the role that owns its tables: migrations, backups and
   * restores run as it, and the role of DATABASE_URL gets only what the app needs, on the
   * audit log INSERT and SELECT (docs/product/audit-log.md). Unset: one role does all.
   */
  MIGRATION_DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
};

/**
 * MIGRATION_DATABASE_URL goes with DATABASE_URL: the same database (a mix-up would migrate
 * another one), under another role, which DATABASE_URL names (it is the role granted to).
 */
function checkMigrationUrl(env: { DATABASE_URL?: string | undefined; MIGRATION_DATABASE_URL?: string | undefined }, context: z.RefinementCtx): void {
  if (!env.MIGRATION_DATABASE_URL) return;
  const refuse = (message: string) => context.addIssue({ code: 'custom', message, path: ['MIGRATION_DATABASE_URL'] });
  if (!env.DATABASE_URL) return refuse('is set without DATABASE_URL: set both (PostgreSQL with two roles) or neither');
  const app = new URL(env.DATABASE_URL);
  const owner = new URL(env.MIGRATION_DATABASE_URL);
  if (!app.username) return refuse("needs DATABASE_URL to name the app's role (postgres://shop:…@host/shop)");
  if (decodeURIComponent(owner.username || '') === decodeURIComponent(app.username)) return refuse("must name another role than DATABASE_URL: the role that owns the tables, not the app's");
  if (decodeURIComponent(owner.pathname) !== decodeURIComponent(app.pathname)) return refuse(`must name the database of DATABASE_URL (${decodeURIComponent(app.pathname.slice(1))})`);
}

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    /** Loopback unless set: the port belongs behind the proxy (README); `0.0.0.0` listens on every interface. */
    HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    /**
     * Set: the server listens on this Unix socket instead of HOST:PORT, for a proxy on this
     * machine (deploy/nginx/shop.conf); every peer of the socket is taken for the proxy.
     */
    SOCKET_PATH: z.preprocess(emptyToUndefined, z.string().refine((value) => path.isAbsolute(value), { message: 'must be an absolute path, e.g. /run/shop/shop.sock' }).optional()),
    DATA_DIR: storageFields.DATA_DIR,
    DATABASE_URL: storageFields.DATABASE_URL,
    MIGRATION_DATABASE_URL: storageFields.MIGRATION_DATABASE_URL,
    PUBLIC_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
          message: 'must be an http:// or https:// URL',
        })
        .optional(),
    ),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: senderAddress(company.email.shop),
    /** The sender of the newsletter and its confirmation mails (docs/product/newsletter.md), beside MAIL_FROM. */
    NEWSLETTER_FROM: senderAddress(`newsletter@${new URL(company.website).hostname}`),
    /** Newsletter issues go into the outbox at most this many per minute, across all copies (docs/product/newsletter.md). */
    NEWSLETTER_MAILS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(120)),
    /** DKIM signing of every mail sent over SMTP: the three together, or none (docs/product/operations.md). */
    DKIM_DOMAIN: z.preprocess(emptyToUndefined, z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name such as cybersafe-academy.ch').optional()),
    DKIM_SELECTOR: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?$/i, 'must be a DNS label such as mail2026').optional()),
    DKIM_PRIVATE_KEY: dkimPrivateKey,
    ORDERS_EMAIL: z.preprocess(emptyToUndefined, z.email().default(company.email.orders)),
    /** Where the contact form's messages go, one address per recipient of the form; unset: ORDERS_EMAIL. */
    CONTACT_EMAIL_MESSAGE_CENTRAL: z.preprocess(emptyToUndefined, z.email().optional()),
    CONTACT_EMAIL_EDUCATION_EXPERT: z.preprocess(emptyToUndefined, z.email().optional()),
    CONTACT_EMAIL_DATA_PRIVACY_OFFICER: z.preprocess(emptyToUndefined, z.email().optional()),
    CONTACT_EMAIL_SECURITY: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, 'must be at least 12 characters').optional()),
    SECRET_KEY: storageFields.SECRET_KEY,
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    CAPTCHA_MAX_NUMBER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000_000).optional()),
    TRUST_PROXY: trustedProxies,
    /** `required`: staff without a second factor may only reach /api/users/me* (to enrol) until they enrol. */
    STAFF_MFA: z.preprocess(emptyToUndefined, z.enum(['optional', 'required']).default('optional')),
    /** `false`: no demo orders on a first start (they are never made under NODE_ENV=test). */
    DEMO_ORDERS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
    /** How long a client may take to send a whole request (headers and body) before it is dropped with 408. */
    REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(300_000).default(15_000)),
    /** Submissions of the forms that send mail (save cart, newsletter, contact, webinar, downloads) one client address may make per hour. */
    MAIL_FORMS_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),
    /** Open connections the process accepts at once; further ones are closed at once. */
    MAX_CONNECTIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(4096)),
    /** Open connections one client address may hold at once; further ones are closed at once. Not counted for trusted proxies. */
    MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(128)),
    /** Days the audit log keeps a row (docs/product/audit-log.md); older rows are pruned. Default two years. */
    AUDIT_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(36_500).default(730)),
    /** `off`: the server runs no billing job (renewals, end dates, reminders); `npm run billing` still does (docs/product/billing.md). */
    BILLING: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
    /**
     * Threads that render invoice PDFs at most (src/server/modules/invoices/invoice-renderer.ts);
     * by default one per core: they run at a lower priority than requests, so a billing run's
     * invoices take the CPU the requests leave (docs/decisions/075-invoice-pdfs-in-a-pool.md).
     */
    INVOICE_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(Math.max(1, availableParallelism()))),
    /** Days an invoice is payable in: its due day is the issue day plus these. */
    PAYMENT_TERMS_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(365).default(30)),
    /** Days after the due day on which a payment reminder goes out, ascending, comma-separated; the last flags the order overdue. */
    REMINDER_DAYS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('10,20,30')
        .transform((value, context) => {
          const days = value.split(',').map((part) => Number(part.trim()));
          const valid = days.length >= 1 && days.length <= 10 && days.every((day, index) => Number.isInteger(day) && day >= 1 && day <= 365 && (index === 0 || day > days[index - 1]!));
          if (!valid) {
            context.addIssue({ code: 'custom', message: 'must be 1 to 10 ascending whole numbers of days (1 to 365), comma-separated, e.g. 10,20,30' });
            return z.NEVER;
          }
          return days;
        }),
    ),
    /** Set: GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` (docs/product/operations.md). */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => new Set([Boolean(env.DKIM_DOMAIN), Boolean(env.DKIM_SELECTOR), Boolean(env.DKIM_PRIVATE_KEY)]).size === 1, {
    message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together (or none of them)',
    path: ['DKIM_PRIVATE_KEY'],
  })
  // Over the socket the proxy is whoever may open it: no address to trust, and none to
  // build a public address from.
  .refine((env) => env.SOCKET_PATH === undefined || env.TRUST_PROXY === false, {
    message: 'leave TRUST_PROXY unset with SOCKET_PATH: every peer of the socket is taken for the proxy',
    path: ['TRUST_PROXY'],
  })
  .refine((env) => env.SOCKET_PATH === undefined || env.PUBLIC_URL !== undefined, {
    message: 'set PUBLIC_URL with SOCKET_PATH: the address visitors use cannot be told from a socket',
    path: ['PUBLIC_URL'],
  })
  .superRefine(checkMigrationUrl);

export type Env = Omit<z.infer<typeof envSchema>, 'SECRET_KEY' | 'PUBLIC_URL' | 'DEMO_ORDERS'> & {
  /** Where visitors reach the shop; `http://localhost:<PORT>` when unset. */
  PUBLIC_URL: string;
  SECRET_KEY: string;
  /** Make the demo orders on a database without any order (main.ts). */
  DEMO_ORDERS: boolean;
};

export class EnvError extends Error {}

/** The file of the secret kept in DATA_DIR when SECRET_KEY is unset. */
export const secretKeyFile = (dataDir: string) => path.join(dataDir, 'secret-key');

/** The secret kept in DATA_DIR when SECRET_KEY is unset, so restarts keep sessions valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = secretKeyFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The environment read by `schema`, or an EnvError naming each bad variable. */
function parseEnv<T>(schema: z.ZodType<T>, source: Record<string, string | undefined>): T {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export type StorageEnv = z.infer<z.ZodObject<typeof storageFields>>;

/** DATA_DIR, DATABASE_URL, MIGRATION_DATABASE_URL and SECRET_KEY as the server reads them; no secret key is made. */
export function readStorageEnv(source: Record<string, string | undefined> = process.env): StorageEnv {
  return parseEnv(z.object(storageFields).superRefine(checkMigrationUrl), source);
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = parseEnv(envSchema, source);
  return {
    ...env,
    // Unset, the shop is reached where it listens, so links in mails and pages follow PORT.
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    SECRET_KEY: env.SECRET_KEY ?? loadOrCreateSecret(env.DATA_DIR),
    DEMO_ORDERS: env.DEMO_ORDERS === 'true',
  };
}
