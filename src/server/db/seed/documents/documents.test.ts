import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { forEveryLanguage } from '#shared/every-language.ts';
import { languages } from '#shared/locales.ts';
import { demoDownloadables } from '../content.ts';
import { coverSvg, wrapWords } from './cover-svg.ts';
import { renderDocumentPdf, undrawableCharacters } from './document-pdf.ts';

/** The free guide's document in every language (src/server/db/seed/languages/). */
const guideDocuments = forEveryLanguage((language) => demoDownloadables.find((item) => item.code === 'guide')!.files[language].document);

/** The text of each page. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await document.destroy();
  return pages;
}

describe('the demo documents', () => {
  it('use only characters the PDF fonts can draw, and Swiss spelling', () => {
    for (const item of demoDownloadables) {
      for (const language of languages) {
        const text = JSON.stringify(item.files[language].document);
        expect(undrawableCharacters(text), `${item.code} ${language}`).toEqual([]);
        if (language === 'de-CH') expect(text).not.toContain('ß');
      }
    }
    expect(undrawableCharacters('Zürich – «ja» … →✓')).toEqual(['→', '✓']);
  });

  it('render the guide as a real multi-page PDF with a title page, its chapters and page numbers', async () => {
    for (const language of languages) {
      const { pdf, pageCount } = await renderDocumentPdf(guideDocuments[language]);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pages = await pdfPages(pdf);
      expect(pages).toHaveLength(pageCount);
      expect(pageCount).toBeGreaterThanOrEqual(4);
      expect(pageCount).toBeLessThanOrEqual(6);
      // A title wrapped after its hyphen reads `Cybersecurity- Ausbildung`.
      expect(pages[0]?.replace(/- /g, '-')).toContain(guideDocuments[language].title);
      // The title page has no running footer; every other page has its number.
      const label = (page: number) => guideDocuments[language].pageLabel.replace('{page}', String(page)).replace('{pages}', String(pageCount));
      expect(pages[0]).not.toContain(label(1));
      for (let page = 2; page <= pageCount; page++) expect(pages[page - 1], `page ${page}`).toContain(label(page));
      const headings = guideDocuments[language].blocks.flatMap((block) => (block.kind === 'heading' ? [block.text] : []));
      expect(headings).toHaveLength(8);
      for (const heading of headings) expect(pages.join(' ').replace(/- /g, '-')).toContain(heading);
    }
  });
});

describe('the cover', () => {
  it('wraps the title and escapes every text', () => {
    expect(wrapWords('The cybersecurity education guide', 16)).toEqual(['The', 'cybersecurity', 'education guide']);
    const svg = coverSvg({ title: 'Tom & Jerry <script>alert(1)</script>', kicker: 'Free "guide"', language: 'en-US' });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('Tom &amp; Jerry &lt;script&gt;');
    expect(svg).toContain('FREE &quot;GUIDE&quot;');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });
});
