import type { Language } from '#shared/locales.ts';
import { loadWidgetTexts } from '#client/lib/widget-texts.ts';

/**
 * Loads the popup with the texts of the page's language and shows it, if there is
 * something to offer and `mayShow()` still agrees. A step of its own on purpose: Vite
 * writes the list of the dialog's files (for preloading them) beside the `import()` that
 * fetches it, and here that list, and the way to the catalogue, are fetched only when the
 * popup triggers, instead of weighing on every marketing page with `exit-intent.tsx`.
 */
export async function showPopup(language: Language, mayShow: () => boolean): Promise<void> {
  const [{ showExitIntentPopup }] = await Promise.all([import('./exit-intent-dialog.tsx'), loadWidgetTexts(language)]);
  await showExitIntentPopup(language, mayShow);
}
