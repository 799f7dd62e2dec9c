import { execFileSync, spawnSync } from 'node:child_process';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page, one string per line (items on the same baseline joined). */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const y = Math.round(item.transform[5] as number);
      const key = [...lines.keys()].find((known) => Math.abs(known - y) <= 2) ?? y;
      lines.set(key, [...(lines.get(key) ?? []), { x: item.transform[4] as number, text: item.str }]);
    }
    pages.push(
      [...lines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, items]) => items.sort((a, b) => a.x - b.x).map((item) => item.text).join(' ').replace(/\s+/g, ' '))
        .join('\n'),
    );
  }
  await document.destroy();
  return pages;
}

/**
 * The fonts the pages draw with: the name the PDF gives each (a subset's has a six-letter
 * tag, `ABCDEF+Arimo-Regular`) and whether its file is in the PDF. A font without one is
 * drawn with whatever the reader has under that name, so its letters are the reader's.
 */
export async function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const fonts = new Map<string, boolean>();
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const operators = await page.getOperatorList();
      operators.fnArray.forEach((operator, index) => {
        if (operator !== OPS.setFont) return;
        const id = (operators.argsArray[index] as [string])[0];
        const font = page.commonObjs.get(id) as { name: string; missingFile: boolean };
        fonts.set(font.name, !font.missingFile);
      });
    }
  } finally {
    await document.destroy();
  }
  return [...fonts].map(([name, embedded]) => ({ name, embedded }));
}

/** Whether poppler's pdftotext (Debian's poppler-utils, which .ci/run installs) is there. */
export const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;

/**
 * The text of each page as poppler's pdftotext reads it: a second reader beside pdfjs.
 * With `layout`, as it stands on the page (`-layout`): text the page wraps is on two lines.
 */
export function pdftotextPages(pdf: Buffer, { layout = false } = {}): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), '-', '-'], { input: pdf, encoding: 'utf8' });
  // Each page ends with a form feed.
  return text.split('\f').slice(0, -1);
}
