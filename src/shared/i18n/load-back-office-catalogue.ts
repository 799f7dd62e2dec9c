import type { Language } from '../locales.ts';
import type { BackOfficeCatalogue } from './catalogue.ts';

/*
 * How browsers get the back office's texts: the import() names the language with a variable, so Vite
 * makes a chunk of every file it can match, one per language, and a page downloads only
 * the one it asks for. No line names a language: a new one is a folder beside en-US/.
 * One module per audience, so that each bundle carries only the way to its own
 * catalogue (docs/decisions/031-catalogues-per-language.md).
 */

export function loadBackOfficeCatalogue(language: Language): Promise<BackOfficeCatalogue> {
  return import(`./${language}/back-office.catalogue.ts`).then((module: { catalogue: BackOfficeCatalogue }) => module.catalogue);
}
