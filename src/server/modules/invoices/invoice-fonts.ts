import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font, type GlyphRun } from 'fontkit';

/**
 * The invoice's typeface: Arimo, regular and bold, from the package @expo-google-fonts/arimo
 * (SIL Open Font License 1.1; decision 027). Arimo has the widths of Liberation Sans and
 * Arial, which the QR-bill's payment part allows, and every letter a QR-bill may carry.
 *
 * Resolved as packages are, from this file, so that the files are found whatever the
 * working directory of the server, its rendering thread or a test.
 */
const require = createRequire(import.meta.url);
const files = {
  regular: require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'),
};

interface InvoiceFonts {
  regular: Font;
  bold: Font;
}

function open(file: string): Font {
  const font = create(readFileSync(file));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  // fontkit keeps one object per glyph, with the characters it was first asked for, and
  // pdfkit writes those into each PDF as the glyph's text (what copying and searching find).
  // A glyph first met as a part of another (the ı in í, when a PDF's subset is written)
  // would have none, and a later invoice with that letter would read as garbage: so each
  // glyph is made here first, from its own character.
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  // fontkit reads the tables that laying out text needs (kerning above all) when it first
  // lays out text: a quarter of a second, taken here rather than by the first invoice.
  font.layout('Rechnung Łódź');
  keepLayouts(font);
  return font;
}

/** Words whose layout a font keeps; past this many it starts afresh, so that a thread's memory stays bounded. */
const keptWords = 20_000;

/**
 * Keeps each word's layout for every invoice the thread renders. pdfkit lays out text a
 * word at a time and keeps the layouts only for one document: each invoice laid out the
 * same words (the labels, the terms, the QR-bill's headings) again, a sixth of its CPU
 * time (docs/decisions/075-invoice-pdfs-in-a-pool.md). A layout depends on the font and the
 * text alone, and pdfkit scales the positions it is given in place, so each call gets its
 * own copy of them: the PDF is the same, byte for byte.
 */
function keepLayouts(font: Font): void {
  const layout = font.layout.bind(font);
  const kept = new Map<string, GlyphRun>();
  font.layout = (text, ...options) => {
    // pdfkit asks with OpenType features only when a text names them: those are laid out each time.
    if (options.some((option) => option !== undefined)) return layout(text, ...options);
    let run = kept.get(text);
    if (!run) {
      if (kept.size >= keptWords) kept.clear();
      run = layout(text);
      kept.set(text, run);
    }
    const copy: GlyphRun = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
    return Object.assign(copy, run, { glyphs: [...run.glyphs], positions: run.positions.map((position) => ({ ...position })) });
  };
}

let fonts: InvoiceFonts | undefined;

/**
 * The fonts, read and parsed on the first call only (the rendering thread makes it when it
 * starts): parsing them again for each invoice, as pdfkit does when given a file name or
 * bytes, took longer than drawing the invoice.
 */
export function invoiceFonts(): InvoiceFonts {
  fonts ??= { regular: open(files.regular), bold: open(files.bold) };
  return fonts;
}
