import { describe, expect, it } from 'vitest';
import { languages } from './locales.ts';

/** Every file of catalog/ there is, whether the list names its language or not. */
const textFiles = import.meta.glob('./catalog/*.ts');

describe("the trainings' texts", () => {
  it('are a file for every language of the list (src/shared/locales.ts), and none for another', () => {
    expect(Object.keys(textFiles).sort()).toEqual(languages.map((language) => `./catalog/${language}.ts`).sort());
  });

  it('write Swiss German with "ss", never "ß"', async () => {
    const { trainings } = (await import('./catalog/de-CH.ts')) as { trainings: unknown };
    expect(JSON.stringify(trainings)).not.toContain('ß');
  });
});
