import type { Language } from '../locales.ts';
import type { AppCatalogue } from './catalogue.ts';

/*
 * How browsers get the shop app's texts: the import() names the language with a variable, so Vite
 * makes a chunk of every file it can match, one per language, and a page downloads only
 * the one it asks for. No line names a language: a new one is a folder beside en-US/.
 * One module per audience, so that each bundle carries only the way to its own
 * catalogue (docs/decisions/031-catalogues-per-language.md).
 */

export function loadAppCatalogue(language: Language): Promise<AppCatalogue> {
  return import(`./${language}/app.catalogue.ts`).then((module: { catalogue: AppCatalogue }) => module.catalogue);
}
