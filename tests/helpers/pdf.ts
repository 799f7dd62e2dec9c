import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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
