import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The server as users run it, for the tests that start a server process: `npm start`'s
 * own script (scripts/start.mjs), which builds what changed and then runs the bundle in
 * dist/server/ with node alone. It gets the environment a user's shell would give, with
 * the project's defaults for everything else (log level included): only what a test must
 * set is set (port, data folder, database, SMTP sink …), never inherited from the test
 * runner (which sets NODE_ENV=test, and maybe DATABASE_URL).
 */
export const projectRoot = path.resolve(import.meta.dirname, '../..');

/** What a user's shell passes on, nothing of the test runner's own settings. */
export function userEnvironment(settings: Record<string, string>): Record<string, string> {
  const kept = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
  return { ...kept, ...settings };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A data folder under tmp/ of its own; `remove` deletes it. */
export function newDataDir(prefix: string): { dataDir: string; remove(): void } {
  const dataDir = path.join(projectRoot, 'tmp', `${prefix}-${randomUUID()}`);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** A line of the server's JSON log. */
interface LogEntry {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** pino's number of the level `error`; `fatal` is above it. */
const errorLevel = 50;

export interface ServerProcess {
  port: number;
  baseUrl: string;
  child: ReturnType<typeof spawn>;
  exited: Promise<number | null>;
  /** Everything printed so far, both streams. */
  output(): string;
  /** The JSON log lines printed so far. */
  log(): LogEntry[];
  /** The log lines at level error or above. */
  errors(): LogEntry[];
  /** Resolves once /api/ready answers (a build may come first); fails if the process ends first. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILL to the process and everything it started, when still running. */
  kill(): Promise<void>;
}

/**
 * Starts `command` (by default `node scripts/start.mjs`, what `npm start` runs) on `port`
 * with `settings` beside PORT; HOST is the loopback address unless a test sets another, or
 * with `host: false` the server's default.
 */
export function startServer(options: { port: number; settings: Record<string, string>; command?: [string, ...string[]]; cwd?: string; host?: false }): ServerProcess {
  const [command, ...args] = options.command ?? [process.execPath, 'scripts/start.mjs'];
  // A process group of its own, so that a kill reaches the server under `npm start` too (npm
  // runs it as a child, which would outlive npm).
  const child = spawn(command, args, {
    detached: true,
    cwd: options.cwd ?? projectRoot,
    env: userEnvironment({ ...(options.host === false ? {} : { HOST: '127.0.0.1' }), PORT: String(options.port), ...options.settings }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const log = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogEntry);
  return {
    port: options.port,
    baseUrl,
    child,
    exited,
    output: () => output,
    log,
    errors: () => log().filter((entry) => entry.level >= errorLevel),
    async ready(timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server stopped while starting:\n${output.slice(-4000)}`);
        try {
          if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
    },
    async kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group has ended already.
      }
      await exited;
    },
  };
}
