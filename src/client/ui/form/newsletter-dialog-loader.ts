import type { ComponentType } from 'react';
import type { Language } from '#shared/locales.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { loadWidgetTexts } from '#client/lib/widget-texts.ts';
import type { NewsletterDialogProps } from './newsletter-dialog.tsx';

const loadDialog = loadOnce(() => import('./newsletter-dialog.tsx').then((module) => module.NewsletterDialog));

/**
 * Loads the newsletter dialog, once per page (again after a failure), with the texts of
 * the page's language. A chunk of its own between the marketing pages' newsletter button
 * and the dialog, as for the download dialog: the button's chunk, which every marketing
 * page loads, would otherwise carry the list of every file the dialog needs (its preload
 * list, some 200 bytes gzip) and the way to the catalogue. Both live here instead,
 * fetched with this chunk on the first sign of interest.
 */
export function loadNewsletterDialog(language: Language): Promise<ComponentType<NewsletterDialogProps>> {
  return Promise.all([loadDialog(), loadWidgetTexts(language)]).then(([dialog]) => dialog);
}
