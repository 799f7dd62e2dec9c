import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import chromium, { inflate } from '@sparticuz/chromium';

/**
 * Unpacks the Chromium of the npm package @sparticuz/chromium into the folder given as
 * the only argument; tests/chromium.ts runs this when Debian's Chromium is missing or does
 * not start. The package unpacks into the system's temporary folder, so TMPDIR points it at
 * ours: the headless shell, its fonts and software GL, and the NSS libraries it links to
 * (al2023/lib), which a machine without Debian's Chromium may lack. `run-chromium` starts
 * it with those libraries.
 */
const [folder] = process.argv.slice(2);
if (!folder) throw new Error('usage: chromium-unpack.ts FOLDER');
process.env.TMPDIR = folder;

const binaries = path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'bin');
await chromium.executablePath(binaries);
await inflate(path.join(binaries, 'al2023.tar.br'));

const launcher = path.join(folder, 'run-chromium');
writeFileSync(
  launcher,
  [
    '#!/bin/sh',
    '# Chromium of the npm package @sparticuz/chromium, with the libraries it ships (tests/chromium-unpack.ts).',
    'here=$(dirname "$0")',
    'export LD_LIBRARY_PATH="$here/al2023/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"',
    'exec "$here/chromium" "$@"',
    '',
  ].join('\n'),
);
chmodSync(launcher, 0o755);
