import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { load, wrk, wrkInstalled, type LoadResult } from './load.ts';
import { cpuSeconds, procStat, startServer } from './server.ts';

/**
 * `npx tsx bench/pages.ts`: a marketing page served by the shop against the very same
 * bytes and headers served by nginx (one worker process, as the server is one process),
 * measured in one run, turn about, so that the load other work puts on the machine falls
 * on both alike: the figure is the ratio. Target: ≥ 0.9× nginx
 * (docs/decisions/047-pages-as-ready-answers.md, 053-pages-at-nginx-speed.md).
 *
 * One core each: where the machine has two cores or more, the server and nginx run on the
 * first (`taskset`, every thread: the server's garbage collector too) and the load
 * generator (wrk where installed, else autocannon in this process) on the second; `BENCH_PIN=0` leaves them unpinned.
 *
 * Two ratios: of the requests a second, and of the CPU time each spent per answer (read
 * from /proc, the server's process and nginx's processes), which is what one core each
 * would serve. On a machine shared with other work the load generator bounds both servers,
 * and the first ratio tends to 1 whatever they cost; the second does not. Each is printed
 * as the median of the rounds' ratios with their lowest and highest, beside the load average.
 */

const pagePath = '/web/en-US/trainings';
/** wrk where installed (one connection pool of 50 from one thread), else autocannon; BENCH_LOAD=autocannon chooses autocannon. */
const useWrk = wrkInstalled && process.env.BENCH_LOAD !== 'autocannon';
/** Rounds of (nginx, server), turn about; the ratio printed is the median of the rounds' ratios. */
const rounds = 5;
const seconds = 5;

export interface PagesFigure {
  encoding: string;
  bytes: number;
  server: number;
  nginx: number;
  /** The median of the rounds' ratios of requests a second, and the lowest and highest. */
  ratio: number;
  ratioRange: [number, number];
  /** CPU microseconds per answer. */
  serverCpu: number;
  nginxCpu: number;
  /** nginx's CPU per answer over the server's: the share of nginx's rate the server would reach on a core of its own. */
  cpuRatio: number;
  cpuRatioRange: [number, number];
  /** The machine's load average (1 minute) before and after the rounds. */
  load: [number, number];
  /** Whether the servers and the load generator ran on cores of their own. */
  pinned: boolean;
}

/**
 * Pins a process with all its threads to one CPU (`taskset`); false where that cannot be
 * done (one core, no taskset). `cpus` undefined: every CPU again.
 */
function pin(pid: number, cpus: string | undefined): boolean {
  // BENCH_PIN=0: every process on every core (on a machine busy with other work, one core
  // among many runnable processes starves both sides).
  if (os.cpus().length < 2 || process.env.BENCH_PIN === '0') return false;
  const all = `0-${os.cpus().length - 1}`;
  return spawnSync('taskset', ['-a', '-p', '-c', cpus ?? all, String(pid)], { stdio: 'ignore' }).status === 0;
}

/** A process and its children (nginx's master and workers). */
function withChildren(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return procStat(entry)[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

/** Headers the server sent that nginx should send alike (nginx writes its own date, length, connection and ETag). */
const ownHeaders = new Set(['date', 'content-length', 'connection', 'keep-alive', 'etag', 'content-type', 'transfer-encoding']);

async function startNginx(port: number, body: Buffer, headers: Headers): Promise<{ url: string; pid: number; stop(): void }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  mkdirSync(path.join(folder, 'root', path.dirname(pagePath.slice(1))), { recursive: true });
  writeFileSync(path.join(folder, 'root', pagePath.slice(1)), body);
  const addHeaders = [...headers.entries()]
    .filter(([name]) => !ownHeaders.has(name))
    .map(([name, value]) => `      add_header ${name} '${value.replace(/'/g, "\\'")}' always;`);
  writeFileSync(
    path.join(folder, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${folder}/nginx.pid;`,
      `error_log ${folder}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${folder}/${kind};`),
      '  keepalive_requests 100000;',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${folder}/root;`,
      '    location / {',
      `      types { } default_type '${headers.get('content-type') ?? 'text/html'}';`,
      ...addHeaders,
      '    }',
      '  }',
      '}',
    ].join('\n'),
  );
  const nginx: ChildProcess = spawn('nginx', ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${url}${pagePath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error('nginx did not start (is nginx-light installed?)');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: nginx.pid ?? 0,
    stop: () => {
      nginx.kill('SIGTERM');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The answer's bytes as sent (fetch would decompress them). */
function getRaw(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Headers }> {
  return new Promise((resolve, reject) => {
    // A connection of its own (no agent keeps it): one kept since an earlier round may have been closed meanwhile.
    request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`));
        const answer = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') answer.set(name, value);
        resolve({ body: Buffer.concat(chunks), headers: answer });
      });
    })
      .on('error', reject)
      .end();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The page as the server sends it to a browser asking for `encoding`, then both served turn about. */
export async function benchPagesAgainstNginx(server: { url: string; pid: number }, nginxPort: number, encoding: 'br' | 'identity'): Promise<PagesFigure> {
  const serverUrl = server.url;
  const requestHeaders = { 'accept-encoding': encoding, cookie: 'locale=en-US' };
  const { body, headers } = await getRaw(`${serverUrl}${pagePath}`, requestHeaders);
  const nginx = await startNginx(nginxPort, body, headers);
  try {
    const nginxPids = withChildren(nginx.pid);
    // One core each: the servers on the first, the load generator (this process) on the second.
    const pinned = [...nginxPids, server.pid].map((pid) => pin(pid, '0')).every(Boolean) && pin(process.pid, '1');
    const send = (url: string, duration: number) =>
      useWrk
        ? wrk(`${url}${pagePath}`, { connections: 50, seconds: duration, headers: requestHeaders })
        : load({ url: `${url}${pagePath}`, headers: requestHeaders, connections: 50, duration, workers: 2, warmupSeconds: 0 });
    const run = async (url: string, pids: number[]): Promise<LoadResult & { cpuPerAnswer: number }> => {
      await send(url, 1);
      const before = cpuSeconds(pids);
      const result = await send(url, seconds);
      return { ...result, cpuPerAnswer: ((cpuSeconds(pids) - before) * 1e6) / Math.max(1, result.succeeded) };
    };
    const loadBefore = os.loadavg()[0] ?? Number.NaN;
    const rates = { server: [] as number[], nginx: [] as number[], ratio: [] as number[] };
    const cpu = { server: [] as number[], nginx: [] as number[], ratio: [] as number[] };
    try {
      for (let round = 0; round < rounds; round++) {
        const ofNginx = await run(nginx.url, nginxPids);
        const ofServer = await run(serverUrl, [server.pid]);
        rates.nginx.push(ofNginx.requestsPerSecond);
        rates.server.push(ofServer.requestsPerSecond);
        rates.ratio.push(ofServer.requestsPerSecond / ofNginx.requestsPerSecond);
        cpu.nginx.push(ofNginx.cpuPerAnswer);
        cpu.server.push(ofServer.cpuPerAnswer);
        cpu.ratio.push(ofNginx.cpuPerAnswer / ofServer.cpuPerAnswer);
      }
    } finally {
      if (pinned) [server.pid, process.pid].forEach((pid) => pin(pid, undefined));
    }
    const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
    return {
      encoding,
      bytes: body.length,
      server: median(rates.server),
      nginx: median(rates.nginx),
      ratio: median(rates.ratio),
      ratioRange: range(rates.ratio),
      serverCpu: median(cpu.server),
      nginxCpu: median(cpu.nginx),
      cpuRatio: median(cpu.ratio),
      cpuRatioRange: range(cpu.ratio),
      load: [loadBefore, os.loadavg()[0] ?? Number.NaN],
      pinned,
    };
  } finally {
    nginx.stop();
  }
}

export function describePages(figure: PagesFigure): string {
  const spread = ([low, high]: [number, number]) => `${low.toFixed(2)}–${high.toFixed(2)}`;
  return (
    `${figure.ratio.toFixed(2)}× nginx in req/s (${rounds} rounds ${spread(figure.ratioRange)}; server ${Math.round(figure.server)}, nginx ${Math.round(figure.nginx)}); ` +
    `${figure.cpuRatio.toFixed(2)}× in CPU per answer (${spread(figure.cpuRatioRange)}; server ${figure.serverCpu.toFixed(0)} µs, nginx ${figure.nginxCpu.toFixed(0)} µs); ` +
    `${(figure.bytes / 1024).toFixed(1)} KB; ${useWrk ? 'wrk' : 'autocannon'}; ${figure.pinned ? 'one core each' : 'not pinned'}; load average ${figure.load[0].toFixed(1)} → ${figure.load[1].toFixed(1)}`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const run = async () => {
    const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3805), env: { DEMO_ORDERS: 'false' } });
    try {
      for (const encoding of ['br', 'identity'] as const) console.log(`${pagePath} (${encoding}): ${describePages(await benchPagesAgainstNginx(server, Number(process.env.BENCH_PORT ?? 3805) + 1, encoding))}`);
    } finally {
      await server.stop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
