import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, removeStamp, sourcesHash, withBuildLock, writeStamp } from './build-stamp.ts';

let root = '';
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What a build leaves: the stamp of the sources as they are now. */
const build = () => writeStamp(root, sourcesHash(root));

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  write('src/client/app.html', '<div id="root"></div>');
  write('src/shared/money.ts', 'export const cents = 100;');
  write('vite.config.ts', 'export default {};');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether npm start builds', () => {
  it('builds without a stamp, then not while nothing changed', () => {
    expect(buildIsCurrent(root)).toBe(false);
    build();
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('builds again after a source, a page, the vite configuration or the lock file changed', () => {
    for (const [file, text] of [
      ['src/shared/money.ts', 'export const cents = 1000;'],
      ['src/client/app.html', '<div id="app"></div>'],
      ['vite.config.ts', 'export default { base: "/" };'],
      ['package-lock.json', '{ "lockfileVersion": 3 }'],
      ['src/shared/new-file.ts', 'export {};'],
    ] as const) {
      build();
      write(file, text);
      expect(buildIsCurrent(root), file).toBe(false);
    }
    build();
    rmSync(path.join(root, 'src/shared/new-file.ts'));
    expect(buildIsCurrent(root), 'a file removed').toBe(false);
  });

  it('does not build again for a changed test or server file, nor for a change that was undone', () => {
    build();
    write('src/shared/money.test.ts', 'it("counts", () => {});');
    write('src/server/main.ts', 'console.log("a server change");');
    write('src/captcha/puzzle.ts', 'export {};');
    expect(buildIsCurrent(root)).toBe(true);
    write('src/shared/money.ts', 'export const cents = 1;');
    write('src/shared/money.ts', 'export const cents = 100;');
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('builds again in a new year (the pages print the build year) and after a build that failed half-way', () => {
    writeStamp(root, sourcesHash(root, 2025));
    expect(buildIsCurrent(root, sourcesHash(root, 2025))).toBe(true);
    expect(buildIsCurrent(root, sourcesHash(root, 2026))).toBe(false);
    build();
    removeStamp(root); // what a build does first
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('lets one build into a folder at a time, and takes over the lock of a process that died', async () => {
    const order: string[] = [];
    const slow = (name: string) => async () => {
      order.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push(`${name} ends`);
    };
    await Promise.all([withBuildLock(root, slow('first')), withBuildLock(root, slow('second'))]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);

    write('dist/.build-lock/pid', '999999999');
    await withBuildLock(root, slow('third'));
    expect(order.at(-1)).toBe('third ends');
  });
});
