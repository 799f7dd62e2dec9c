import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

/**
 * The European Commission's EN 16931 validation artefacts for CII (tests/e-invoice/en16931/,
 * EUPL 1.2, docs/decisions/066-factur-x-invoices.md): the CII D16B schema and the business
 * rules as Schematron compiled to XSLT, run offline by xmllint (WebAssembly) and SaxonJS.
 */
const artefacts = new URL('../e-invoice/en16931/', import.meta.url).pathname;
const require = createRequire(import.meta.url);

/**
 * SaxonJS runs a stylesheet compiled to its own format (SEF). Compiling the rules' 700 kB
 * XSLT takes 20 seconds or more, so the result is kept in the machine's temporary folder
 * under the XSLT's hash: the first run after a change compiles, the others read it. The
 * compiler runs as a process of its own, so the test's thread stays free meanwhile.
 */
async function compiledRules(): Promise<string> {
  const xslt = join(artefacts, 'EN16931-CII-validation.xslt');
  const hash = createHash('sha256').update(readFileSync(xslt)).digest('hex').slice(0, 16);
  const folder = join(tmpdir(), 'en16931-sef');
  const sef = join(folder, `EN16931-CII-validation-${hash}.sef.json`);
  if (existsSync(sef)) return sef;
  mkdirSync(folder, { recursive: true });
  // Compiled into a folder of its own and moved in place: two test files compiling at once never read half a file.
  const scratch = mkdtempSync(join(folder, 'compiling-'));
  const written = join(scratch, 'rules.sef.json');
  await promisify(execFile)(process.execPath, [require.resolve('xslt3/xslt3.js'), `-xsl:${xslt}`, `-export:${written}`, '-nogo']);
  renameSync(written, sef);
  rmSync(scratch, { recursive: true, force: true });
  return sef;
}

export interface RuleFailure {
  id: string;
  flag: string;
  text: string;
}

/** The compiled rules, read once per test file (5 MB of JSON). */
let rules: object | undefined;

/**
 * Compiles the rules if this machine has not yet, and reads them: for a test file's
 * `beforeAll` with a long timeout, as the first compilation on a busy machine takes a minute.
 */
export async function loadEn16931Rules(): Promise<void> {
  rules ??= JSON.parse(readFileSync(await compiledRules(), 'utf8')) as object;
}

/** The EN 16931 business rules the CII document breaks: fatal ones and warnings, with their ids (`BR-AE-02`). After `loadEn16931Rules`. */
export function schematronFailures(xml: string): RuleFailure[] {
  if (!rules) throw new Error('loadEn16931Rules() first, in the test file\'s beforeAll');
  return failuresOf(rules, xml);
}

/**
 * KoSIT's XRechnung rules (tests/e-invoice/xrechnung/, Apache 2.0) are Schematron, not
 * XSLT: our small compiler (`schematron-to-xslt.xsl`) turns them into XSLT, which is then
 * compiled to SEF like the EN 16931 rules, both kept under the sources' hash.
 */
async function compiledXRechnungRules(): Promise<string> {
  const einvoice = new URL('../e-invoice/', import.meta.url).pathname;
  const sources = ['schematron-to-xslt.xsl', 'xrechnung/cii/XRechnung-CII-validation.sch', 'xrechnung/common.sch'].map((file) => join(einvoice, file));
  const hash = createHash('sha256');
  for (const source of sources) hash.update(readFileSync(source));
  const folder = join(tmpdir(), 'en16931-sef');
  const sef = join(folder, `XRechnung-CII-validation-${hash.digest('hex').slice(0, 16)}.sef.json`);
  if (existsSync(sef)) return sef;
  mkdirSync(folder, { recursive: true });
  const scratch = mkdtempSync(join(folder, 'compiling-'));
  const xslt = join(scratch, 'rules.xslt');
  const written = join(scratch, 'rules.sef.json');
  const xslt3 = require.resolve('xslt3/xslt3.js');
  await promisify(execFile)(process.execPath, [xslt3, `-xsl:${sources[0]}`, `-s:${sources[1]}`, `-o:${xslt}`]);
  await promisify(execFile)(process.execPath, [xslt3, `-xsl:${xslt}`, `-export:${written}`, '-nogo']);
  renameSync(written, sef);
  rmSync(scratch, { recursive: true, force: true });
  return sef;
}

let xrechnungRules: object | undefined;

/** Compiles KoSIT's XRechnung rules if this machine has not yet, and reads them: for a test file's `beforeAll`. */
export async function loadXRechnungRules(): Promise<void> {
  xrechnungRules ??= JSON.parse(readFileSync(await compiledXRechnungRules(), 'utf8')) as object;
}

/** The XRechnung rules the CII document breaks (`BR-DE-15`), with their flags. After `loadXRechnungRules`. */
export function xrechnungFailures(xml: string): RuleFailure[] {
  if (!xrechnungRules) throw new Error('loadXRechnungRules() first, in the test file\'s beforeAll');
  return failuresOf(xrechnungRules, xml);
}

/** The failed assertions and reports of rules compiled to SEF, run on the document. */
function failuresOf(stylesheet: object, xml: string): RuleFailure[] {
  const { principalResult } = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'document' }, 'sync');
  const failures = SaxonJS.XPath.evaluate("//svrl:failed-assert | //svrl:successful-report", principalResult, {
    namespaceContext: { svrl: 'http://purl.oclc.org/dsdl/svrl' },
    resultForm: 'array',
  }) as Element[];
  return failures.map((failure) => ({
    id: failure.getAttribute('id') ?? '',
    flag: failure.getAttribute('flag') ?? '',
    text: (failure.textContent ?? '').replace(/\s+/g, ' ').trim(),
  }));
}

/** What the CII D16B schema finds wrong with the document: none for a valid one. */
export async function schemaErrors(xml: string): Promise<string[]> {
  const folder = join(artefacts, 'xsd');
  const [main, ...others] = ['CrossIndustryInvoice_100pD16B.xsd', ...readdirSync(folder).filter((name) => name !== 'CrossIndustryInvoice_100pD16B.xsd')];
  const file = (fileName: string) => ({ fileName, contents: readFileSync(join(folder, fileName), 'utf8') });
  const result = await validateXML({ xml: [{ fileName: 'factur-x.xml', contents: xml }], schema: [file(main!)], preload: others.map(file) });
  return result.errors.map((error) => error.rawMessage);
}

/** The files a PDF carries, by name, as pdf.js reads them. */
export async function attachedFiles(pdf: Buffer): Promise<Map<string, Buffer>> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const attachments = ((await document.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    return new Map(Object.values(attachments).map((file) => [file.filename, Buffer.from(file.content)]));
  } finally {
    await document.destroy();
  }
}

/** The names of the files a PDF carries as poppler's pdfdetach lists them (a second reader beside pdf.js). */
export function pdfdetachList(pdf: Buffer): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'pdf-files-'));
  try {
    writeFileSync(join(folder, 'invoice.pdf'), pdf);
    const listing = execFileSync('pdfdetach', ['-list', join(folder, 'invoice.pdf')], { encoding: 'utf8' });
    return listing.split('\n').slice(1).map((line) => line.replace(/^\d+:\s*/, '').trim()).filter(Boolean);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The PDF's XMP metadata as poppler's pdfinfo prints it (Debian's poppler-utils, which .ci/run installs). */
export function xmpMetadata(pdf: Buffer): string {
  return execFileSync('pdfinfo', ['-meta', '-'], { input: pdf, encoding: 'utf8' });
}
