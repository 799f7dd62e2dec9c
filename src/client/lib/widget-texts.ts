import { use } from 'react';
import { loadWidgetsCatalogue } from '#shared/i18n/load-widgets-catalogue.ts';
import type { Language } from '#shared/locales.ts';
import { hasCatalogue, loadTexts } from './translate.ts';

/*
 * The texts of the dialogs the marketing pages' widgets open (the cart drawer, the
 * newsletter and download forms, the exit-intent popup). The widgets themselves get
 * theirs from the prerender, so a page loads the widgets' catalogue of its language only
 * with the first dialog. In the app, which shows the same dialogs, its own catalogue has
 * these texts and is there before its first render: nothing more is loaded.
 */

/** Loads the widgets' texts of a language, unless the page has its texts already. */
export function loadWidgetTexts(language: Language): Promise<void> {
  return loadTexts(language, loadWidgetsCatalogue);
}

/** For a dialog rendered inside a Suspense boundary: suspends until the widgets' texts are there. */
export function useWidgetTexts(language: Language): void {
  if (!hasCatalogue(language)) use(loadWidgetTexts(language));
}
