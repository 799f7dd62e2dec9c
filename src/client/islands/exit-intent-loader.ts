import type { Language } from '#shared/locales.ts';

/**
 * Loads the popup and shows it, if there is something to offer and `mayShow()` still
 * agrees. A step of its own on purpose: Vite writes the list of the dialog's files (for
 * preloading them) beside the `import()` that fetches it, and here that list is fetched
 * only when the popup triggers, instead of weighing on every marketing page with
 * `exit-intent.tsx`.
 */
export async function showPopup(language: Language, mayShow: () => boolean): Promise<void> {
  const { showExitIntentPopup } = await import('./exit-intent-dialog.tsx');
  await showExitIntentPopup(language, mayShow);
}
