import { company } from '#shared/company.ts';

/**
 * A document's cover as a standalone SVG (3:4, like a page): the kicker, the title
 * wrapped to the width, a shield, and the publisher. Made from the texts alone, so a new
 * document gets a cover without a designer; the texts are escaped, the SVG has no script.
 */

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ?? character);

/** Greedy word wrap by characters: the cover's sans-serif averages about 0.55 em per character. */
export function wrapWords(text: string, maxCharacters: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (`${line} ${word}`.length <= maxCharacters) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

export function coverSvg(options: { title: string; kicker: string; language: string }): string {
  const width = 300;
  const height = 400;
  const titleSize = options.title.length > 40 ? 24 : 28;
  const lines = wrapWords(options.title, Math.floor((width - 48) / (titleSize * 0.56))).slice(0, 5);
  const titleTop = 118;
  const tspans = lines
    .map((line, index) => `<tspan x="24" y="${titleTop + index * titleSize * 1.18}">${escapeXml(line)}</tspan>`)
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
