import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { forEveryLanguage } from '#shared/every-language.ts';
import { languages } from '#shared/locales.ts';
import { demoDownloadables } from '../content.ts';
import { coverSvg, wrapWords } from './cover-svg.ts';
import { boldTextWidth, renderDocumentPdf, undrawableCharacters } from './document-pdf.ts';

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
    const byCharacters = (max: number) => (line: string) => line.length <= max;
    expect(wrapWords('The cybersecurity education guide', byCharacters(16))).toEqual(['The', 'cybersecurity', 'education guide']);
    expect(wrapWords('Der Leitfaden zur Cybersecurity-Ausbildung', byCharacters(18))).toEqual(['Der Leitfaden zur', 'Cybersecurity-', 'Ausbildung']);
    expect(wrapWords('Die Sicherheits- und Datenschutz-Schulung', byCharacters(18))).toEqual(['Die Sicherheits-', 'und Datenschutz-', 'Schulung']);
    const svg = coverSvg({ title: 'Tom & Jerry <script>alert(1)</script>', kicker: 'Free "guide"', language: 'en-US' }, boldTextWidth);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('Tom &amp; Jerry &lt;script&gt;');
    expect(svg).toContain('FREE &quot;GUIDE&quot;');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('fits every title of the demo content into the cover, measured in the font it is drawn with', () => {
    for (const item of demoDownloadables) {
      for (const language of languages) {
        const title = item.titles[language];
        const svg = coverSvg({ title, kicker: item.files[language].document.kicker, language }, boldTextWidth);
        const size = Number(/font-size="(\d+)" font-weight="700">(?=<tspan)/.exec(svg)?.[1]);
        const lines = [...svg.matchAll(/<tspan x="(\d+)"[^>]*>([^<]*)<\/tspan>/g)].map((match) => ({ x: Number(match[1]), text: match[2] ?? '' }));
        // Every word of the title is on the cover (none cut off after the fourth line) ...
        expect(lines.map((line) => line.text).join(' ').replace(/- /g, '-'), `${item.code} ${language}`).toBe(title.replace(/&/g, '&amp;'));
        // ... and each line ends inside the cover, with its margin (300 wide, 24 on each side).
        for (const line of lines) expect(line.x + boldTextWidth(line.text, size), `${item.code} ${language}: ${line.text}`).toBeLessThanOrEqual(300 - 24);
      }
    }
  });
});
