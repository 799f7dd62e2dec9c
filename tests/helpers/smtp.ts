import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every mail it receives, parsed. */
export interface TestSmtpServer {
  url: string;
  mails: ParsedMail[];
  /** How many SMTP connections were opened to it so far. */
  connections(): number;
  /** The messages as received, byte for byte, in the order of `mails` (for a signature check). */
  raws: Buffer[];
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitForMails(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Resolves with the first mail `matches` and its bytes as received, once it has arrived (or rejects after `timeoutMs`). */
  waitForMail(matches: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<{ mail: ParsedMail; raw: Buffer }>;
  close(): Promise<void>;
}

/** Listens on `port` (0: any free port) on 127.0.0.1; with `delayMs`, takes that long to accept each mail. */
export async function startSmtpServer(port = 0, options: { delayMs?: number } = {}): Promise<TestSmtpServer> {
  const mails: ParsedMail[] = [];
  const raws: Buffer[] = [];
  const waiters: (() => void)[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      })
        .then(async (raw) => ({ raw, mail: await simpleParser(raw) }))
        .then(({ raw, mail }) => {
          raws.push(raw);
          mails.push(mail);
          for (const wake of waiters.splice(0)) wake();
          if (options.delayMs) setTimeout(callback, options.delayMs);
          else callback();
        })
        .catch(callback);
    },
  });
  /** Waits until `done` holds, looking again whenever a mail arrives. */
  async function arrival(done: () => boolean, timeoutMs: number, failure: () => string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(failure());
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    connections: () => connections,
    raws,
    async waitForMails(count, timeoutMs = 10_000) {
      await arrival(() => mails.length >= count, timeoutMs, () => `expected ${count} mails, got ${mails.length}`);
      return mails;
    },
    async waitForMail(matches, timeoutMs = 10_000) {
      await arrival(() => mails.some(matches), timeoutMs, () => `no matching mail among the ${mails.length} received`);
      const index = mails.findIndex(matches);
      return { mail: mails[index]!, raw: raws[index]! };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
