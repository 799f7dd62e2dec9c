import { describe, expect, it } from 'vitest';
import { languages } from '#shared/locales.ts';

/** Every file of languages/ there is, whether the list names its language or not. */
const languageFiles = import.meta.glob('./languages/*.ts');

describe('the demo content', () => {
  it('has a file for every language of the list (src/shared/locales.ts), and none for another', () => {
    expect(Object.keys(languageFiles).sort()).toEqual(languages.map((language) => `./languages/${language}.ts`).sort());
  });

  it('writes Swiss German with "ss", never "ß"', async () => {
    const { content } = (await import('./languages/de-CH.ts')) as { content: unknown };
    expect(JSON.stringify(content)).not.toContain('ß');
  });
});
