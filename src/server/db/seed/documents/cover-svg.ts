import { company } from '#shared/company.ts';

/**
 * A document's cover as a standalone SVG (3:4, like a page): the kicker, the title
 * wrapped to the width, a shield, and the publisher. Made from the texts alone, so a new
 * document gets a cover without a designer; the texts are escaped, the SVG has no script.
 */

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ?? character);

/** How wide a text is drawn in the cover's bold sans-serif at a size, in its units (document-pdf.ts measures with Helvetica-Bold). */
export type MeasureText = (text: string, fontSize: number) => number;

/**
 * Greedy word wrap: as many words on a line as `fits` allows. A word too long for a line
 * of its own is broken after its hyphens (`Cybersecurity-` / `Ausbildung`).
 */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  // Each piece with whether it goes on the piece before it without a space (the rest of a broken word).
  const pieces = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => (fits(word) ? [word] : word.split(/(?<=-)/)).map((piece, index) => ({ piece, glued: index > 0 })));
  const lines: string[] = [];
  let line = '';
  for (const { piece, glued } of pieces) {
    const joined = glued ? `${line}${piece}` : `${line} ${piece}`;
    if (line === '') line = piece;
    else if (fits(joined)) line = joined;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

const cover = { width: 300, height: 400, margin: 24 };
/** The title's sizes, largest first, and the lines it may take above the shield. */
const titleSizes = [28, 26, 24, 22, 20, 18] as const;
const maxTitleLines = 4;

/** The title's lines at the largest size whose lines all fit the cover's width, within four lines. */
function coverTitle(title: string, measure: MeasureText): { size: number; lines: string[] } {
  const room = cover.width - 2 * cover.margin;
  for (const size of titleSizes) {
    const lines = wrapWords(title, (line) => measure(line, size) <= room);
    if (lines.length <= maxTitleLines && lines.every((line) => measure(line, size) <= room)) return { size, lines };
  }
  const size = titleSizes.at(-1) ?? 18;
  return { size, lines: wrapWords(title, (line) => measure(line, size) <= room).slice(0, maxTitleLines) };
}

export function coverSvg(options: { title: string; kicker: string; language: string }, measure: MeasureText): string {
  const { width, height } = cover;
  const { size: titleSize, lines } = coverTitle(options.title, measure);
  const titleTop = 118;
  const tspans = lines
    .map((line, index) => `<tspan x="${cover.margin}" y="${titleTop + index * titleSize * 1.18}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(options.title)}" lang="${escapeXml(options.language)}">
<title>${escapeXml(options.title)}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#0a2540"/><stop offset="1" stop-color="#0b3d6b"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect y="${height - 92}" width="${width}" height="6" fill="#0b5cad"/>
<text x="24" y="64" fill="#9cc3ee" font-family="Helvetica, Arial, sans-serif" font-size="12" font-weight="700" letter-spacing="1.5">${escapeXml(options.kicker.toUpperCase())}</text>
<text fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="${titleSize}" font-weight="700">${tspans}</text>
<g transform="translate(222 222)" fill="none" stroke="#9cc3ee" stroke-width="4" stroke-linejoin="round"><path d="M26 4 L48 12 V30 C48 44 38 54 26 60 C14 54 4 44 4 30 V12 Z"/><path d="M16 31 L24 39 L37 24" stroke-linecap="round"/></g>
<text x="24" y="${height - 50}" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="14" font-weight="700">${escapeXml(company.name)}</text>
<text x="24" y="${height - 30}" fill="#9cc3ee" font-family="Helvetica, Arial, sans-serif" font-size="11">${escapeXml(company.website.replace(/^https:\/\//, ''))}</text>
</svg>
`;
}
