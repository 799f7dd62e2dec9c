/**
 * pdfkit's built-in Helvetica writes WinAnsi (Windows-1252) codes: a character outside
 * that set would come out as garbage, so every text is reduced to it before drawing.
 * The same set keeps the QR-bill inside the Swiss payment standard's Latin characters.
 */
const winAnsiExtras = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014,
  0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039,
  0x203a, 0x20ac, 0x2122,
]);

/** Letters that Unicode does not decompose into a base letter and a mark. */
const lookalikes: Record<string, string> = { 'ł': 'l', 'Ł': 'L', 'đ': 'd', 'Đ': 'D', 'ı': 'i', 'ħ': 'h', 'Ħ': 'H' };

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(code);
}

function replacement(character: string): string {
  if (character === '\n') return character;
  if (/\s/u.test(character)) return ' ';
  const lookalike = lookalikes[character];
  if (lookalike) return lookalike;
  const base = character.normalize('NFD').replace(/\p{M}/gu, '');
  return base !== '' && [...base].every(isWinAnsi) ? base : '?';
}

/** `Łódź` -> `Lodz`, `Zürich – 5 × 2’` unchanged, `東京` -> `??`. */
export function toPdfText(text: string): string {
  let result = '';
  for (const character of text) result += isWinAnsi(character) ? character : replacement(character);
  return result;
}
