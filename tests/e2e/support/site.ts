import { expect, type Page } from '@playwright/test';

/**
 * Opens a marketing page (`/web/{language}/…`) and waits until its widgets have run, as
 * they have for a visitor who reads the page: they load after its first paint and store
 * the page's language in the `locale` cookie, which the app's pages then follow.
 */
export async function openSitePage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const language = new URL(path, 'http://site').pathname.split('/')[2];
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe(language);
}
