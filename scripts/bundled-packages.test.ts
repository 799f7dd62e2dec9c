import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageOf, unsafelyBundledPackages } from './bundled-packages.ts';

let root = '';
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bundled-packages-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Bundles `main.js`, which imports the packages written under node_modules, as the server's build does; gives its metafile. */
async function metafileOf(imports: string[]) {
  write('main.js', imports.map((name, index) => `import p${index} from '${name}';\nconsole.log(p${index});`).join('\n'));
  const { metafile } = await build({ absWorkingDir: root, entryPoints: ['main.js'], bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'silent' });
  return metafile;
}

describe("the server's build", () => {
  it('names the package of a bundled file, scoped or not, nested or not', () => {
    expect(packageOf('node_modules/pino/lib/transport.js')).toBe('pino');
    expect(packageOf('node_modules/@touch4it/ical-timezones/index.js')).toBe('@touch4it/ical-timezones');
    expect(packageOf('node_modules/fastify/node_modules/semver/index.js')).toBe('semver');
    expect(packageOf('src/server/main.ts')).toBeUndefined();
  });

  it('refuses a bundled package that finds files beside its own code, whichever way it does', async () => {
    write('node_modules/zones/index.js', "const fs = require('fs'); module.exports = () => fs.readFileSync(require('path').join(__dirname, 'zones', 'UTC.ics'));");
    write('node_modules/@scope/fonts/index.js', "module.exports = require.resolve('./font.ttf');");
    write('node_modules/@scope/fonts/font.ttf', '');
    write('node_modules/esm-reader/package.json', '{"type":"module"}');
    write('node_modules/esm-reader/index.js', "import { readFileSync } from 'node:fs'; export default () => readFileSync(new URL('./data.bin', import.meta.url));");
    write('node_modules/plain/index.js', 'module.exports = { plain: true };');
    const metafile = await metafileOf(['zones', '@scope/fonts', 'esm-reader', 'plain']);
    const refused = unsafelyBundledPackages(metafile, root, {});
    expect(refused.map((line) => line.split(':')[0]).sort()).toEqual(['@scope/fonts', 'esm-reader', 'zones']);
    expect(refused.find((line) => line.startsWith('zones'))).toContain('__dirname');
  });

  it('lets a package listed as safe through', async () => {
    write('node_modules/zones/index.js', 'module.exports = __dirname;');
    const metafile = await metafileOf(['zones']);
    expect(unsafelyBundledPackages(metafile, root, { zones: 'never reads from there' })).toEqual([]);
  });
});
