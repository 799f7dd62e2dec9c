import { loadOnce } from '#client/lib/load-once.ts';

/**
 * Loads the newsletter dialog, once per page (again after a failure). A chunk of its own
 * between the marketing pages' newsletter button and the dialog, as for the download
 * dialog: the button's chunk, which every marketing page loads, would otherwise carry the
 * list of every file the dialog needs (its preload list, some 200 bytes gzip). The list
 * lives here instead, fetched with this chunk on the first sign of interest.
 */
export const loadNewsletterDialog = loadOnce(() => import('./newsletter-dialog.tsx').then((module) => module.NewsletterDialog));
