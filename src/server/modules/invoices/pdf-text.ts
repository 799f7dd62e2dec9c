/**
 * The characters a Swiss QR-bill may carry (Swiss Payment Standards, QR-bill implementation
 * guidelines 2.3): Basic Latin, Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț and €. Names
 * in Czech, Polish, Hungarian, Romanian, Turkish or the Baltic languages fit in it as written.
 */
export function isQrBillCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0x17f) ||
    (code >= 0x218 && code <= 0x21b) ||
    code === 0x20ac
  );
}

/**
 * Typographic punctuation of the invoice's own texts (dashes, quotes, ellipsis…) that lies
 * outside the QR-bill's set. The embedded font (invoice-fonts.ts) draws it; a test checks it.
 */
const punctuation = new Set('‘’‚“”„–—…•‹›†‡‰™ƒˆ˜');

/** What the invoice pages draw as written: the QR-bill's characters and that punctuation. */
function isInvoiceCharacter(character: string): boolean {
  return isQrBillCharacter(character) || punctuation.has(character);
}

/** The QR-bill's plain stand-ins for punctuation it does not have. */
const plainPunctuation: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': ',',
  '‹': '<',
  '›': '>',
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '•': '-',
  'ƒ': 'f',
};

/**
 * A character outside `allowed`, in the nearest form inside it: `…` -> `...` and `ﬁ` -> `fi`
 * (compatibility forms), `ǖ`-like letters outside Latin Extended-A without their marks,
 * invisible controls and stray marks dropped, anything else `?`.
 */
function replacement(character: string, allowed: (character: string) => boolean, keepLineBreaks: boolean): string {
  if (character === '\n' && keepLineBreaks) return character;
  if (/\s/u.test(character)) return ' ';
  if (/[\p{Cc}\p{Cf}\p{M}]/u.test(character)) return '';
  const plain = plainPunctuation[character];
  if (plain !== undefined && [...plain].every(allowed)) return plain;
  const compatible = character.normalize('NFKD').normalize('NFC');
  if ([...compatible].every(allowed)) return compatible;
  const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
  return base !== '' && [...base].every(allowed) ? base : '?';
}

function reduce(text: string, allowed: (character: string) => boolean, keepLineBreaks: boolean): string {
  let result = '';
  // Composed first, so that a name typed as `c` + combining caron is the one letter `č`.
  for (const character of text.normalize('NFC')) {
    result += allowed(character) ? character : replacement(character, allowed, keepLineBreaks);
  }
  return result;
}

/**
 * Text for the invoice pages: `Dvořák Čeněk & Łukasiewicz`, `Şişli`, `Zürich – 5 × 2’`
 * unchanged, `ǅ` -> `Dž`, `東京` -> `??`.
 */
export function toPdfText(text: string): string {
  return reduce(text, isInvoiceCharacter, true);
}

/**
 * Text for the QR-bill's fields: the QR-bill's characters as written, its typographic
 * punctuation as plain ASCII (`O’Neill – Bau` -> `O'Neill - Bau`), line breaks as spaces.
 */
export function toQrBillText(text: string): string {
  return reduce(text, isQrBillCharacter, false);
}
