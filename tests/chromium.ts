import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How the project's tests and benchmarks start Chromium: headless, and without the
 * background traffic this machine's closed network refuses.
 *
 * Which Chromium, decided once when this module loads (Playwright reads its configuration
 * synchronously, so this cannot wait for a promise):
 * - `CHROMIUM_PATH=/path/to/chromium`: that one;
 * - `CHROMIUM_PATH=npm`: the one the npm package @sparticuz/chromium ships, even where
 *   Debian's is installed (how its use is tested);
 * - unset: Debian's `/usr/bin/chromium` when it starts, otherwise the npm package's.
 */
export const chromiumPath = resolveChromium(process.env.CHROMIUM_PATH);

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Playwright's Chromium declares automation (navigator.webdriver), which the captcha
 * widget refuses; journeys that fill forms play a real visitor's browser.
 */
export const visitorBrowserArgs = [...chromiumArgs, '--disable-blink-features=AutomationControlled'];

function resolveChromium(setting: string | undefined): string {
  if (setting && setting !== 'npm') return setting;
  const debian = '/usr/bin/chromium';
  if (setting !== 'npm' && starts(debian)) return debian;
  return npmChromium();
}

function starts(executable: string): boolean {
  return existsSync(executable) && spawnSync(executable, ['--version'], { stdio: 'ignore', timeout: 20_000 }).status === 0;
}

/**
 * The npm package's Chromium (a headless shell, brotli-compressed), unpacked once per
 * version into the system's temporary folder by tests/chromium-unpack.ts (about 10 s), in
 * a child process because unpacking is asynchronous. Two processes that unpack at the same
 * time each use a folder of their own and the first to finish keeps its own.
 */
function npmChromium(): string {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/@sparticuz/chromium/package.json'), 'utf8')) as { version: string };
  const folder = path.join(os.tmpdir(), `shop-chromium-${version}`);
  const launcher = path.join(folder, 'run-chromium');
  if (!existsSync(launcher)) {
    const partial = `${folder}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const unpacked = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/chromium-unpack.ts'), partial], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (unpacked.status !== 0) throw new Error(`could not unpack the Chromium of @sparticuz/chromium ${version} into ${partial}`);
    try {
      renameSync(partial, folder);
    } catch {
      // Another process was first: its folder is as good as ours.
      rmSync(partial, { recursive: true, force: true });
    }
  }
  if (!starts(launcher)) throw new Error(`the Chromium of @sparticuz/chromium ${version} in ${folder} does not start`);
  return launcher;
}
