import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStamp, sourcesHashes, staleParts, withBuildLock, writeStamp } from './build-stamp.mjs';

let root = '';
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What a build leaves: the stamps of both parts, built from the sources as they are now. */
const build = () => {
  const hashes = sourcesHashes(root);
  writeStamp(root, 'client', hashes.client);
  writeStamp(root, 'server', hashes.server);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  write('src/client/app.html', '<div id="root"></div>');
  write('src/shared/money.ts', 'export const cents = 100;');
  write('src/server/main.ts', 'console.log("the server");');
  write('vite.config.ts', 'export default {};');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('what npm start builds', () => {
  it('both parts without a stamp, then nothing while nothing changed', () => {
    expect(staleParts(root)).toEqual(['client', 'server']);
    build();
    expect(staleParts(root)).toEqual([]);
  });

  it('both parts after a shared source, a page, the vite configuration or the lock file changed', () => {
    for (const [file, text] of [
      ['src/shared/money.ts', 'export const cents = 1000;'],
      ['src/client/app.html', '<div id="app"></div>'],
      ['vite.config.ts', 'export default { base: "/" };'],
      ['package-lock.json', '{ "lockfileVersion": 3 }'],
      ['src/shared/new-file.ts', 'export {};'],
    ] as const) {
      build();
      write(file, text);
      expect(staleParts(root), file).toEqual(['client', 'server']);
    }
    build();
    rmSync(path.join(root, 'src/shared/new-file.ts'));
    expect(staleParts(root), 'a file removed').toEqual(['client', 'server']);
  });

  it('the server alone after a change of the server, the puzzle provider or the server bundle configuration', () => {
    for (const [file, text] of [
      ['src/server/main.ts', 'console.log("a server change");'],
      ['src/captcha/puzzle.ts', 'export {};'],
      ['scripts/build-server.ts', 'export {};'],
    ] as const) {
      build();
      write(file, text);
      expect(staleParts(root), file).toEqual(['server']);
    }
  });

  it('nothing for a changed test, nor for a change that was undone', () => {
    build();
    write('src/shared/money.test.ts', 'it("counts", () => {});');
    write('src/server/main.test.ts', 'it("starts", () => {});');
    write('src/shared/money.ts', 'export const cents = 1;');
    write('src/shared/money.ts', 'export const cents = 100;');
    expect(staleParts(root)).toEqual([]);
  });

  it('the pages in a new year (they print the build year), and a part whose build failed half-way', () => {
    const lastYear = sourcesHashes(root, 2025);
    writeStamp(root, 'client', lastYear.client);
    writeStamp(root, 'server', lastYear.server);
    expect(staleParts(root, sourcesHashes(root, 2025))).toEqual([]);
    expect(staleParts(root, sourcesHashes(root, 2026))).toEqual(['client']);
    build();
    removeStamp(root, 'server'); // what a build of the server does first
    expect(staleParts(root)).toEqual(['server']);
    removeStamp(root, 'client');
    expect(staleParts(root)).toEqual(['client', 'server']);
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
