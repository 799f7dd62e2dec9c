import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { placeOrder, signInAsStaff } from './support/staff.ts';

/**
 * The staff desk on a laptop screen (1366 × 768): the header on one line, no sideways
 * scrolling, table headings and order numbers unbroken; and the order page's previous and
 * next stepping through the list it came from, across the list's pages.
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 768 } });

/** How many lines an element's text takes: the height of all its text's boxes over that of the tallest one. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const boxes: DOMRect[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!text.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      boxes.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
    }
    if (boxes.length === 0) return 0;
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    return Math.round((bottom - top) / Math.max(...boxes.map((box) => box.height)));
  });
}

/** The header's parts (brand, navigation, the staff member's menu) and the navigation's links each side by side: one row. */
async function expectHeaderOnOneLine(page: Page, where: string): Promise<void> {
  const header = page.locator('header.admin-header');
  const rows = await header.evaluate((node) => {
    const rowsOf = (elements: Element[]) => new Set(elements.map((element) => Math.round(element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2))).size;
    const parts = [...node.children];
    const links = [...node.querySelectorAll('.admin-nav a')];
    const tallest = Math.max(...parts.map((part) => part.getBoundingClientRect().height));
    const style = getComputedStyle(node);
    const inner = node.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
    return { parts: rowsOf(parts), links: rowsOf(links), tallest: Math.round(tallest), inner: Math.round(inner) };
  });
  expect(rows, where).toEqual({ parts: 1, links: 1, tallest: rows.inner, inner: rows.inner });
  for (const link of await header.getByRole('link').all()) expect(await linesOf(link), `${where}: ${await link.textContent()}`).toBe(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where}: no sideways scrolling`).toBeLessThanOrEqual(0);
}

test('at 1366 px the header is one line and nothing scrolls sideways, in both languages; table headings and order numbers are unbroken', async ({ page }) => {
  test.setTimeout(120_000);
  const order = await placeOrder(page.request, { company: `Breitenrain Informatik und Beratung GmbH ${Date.now()}` });
  await page.goto('/app/admin-panel/orders');
  await signInAsStaff(page);
  for (const [language, lang, orders] of [
    ['English', 'en-US', 'Orders'],
    ['Deutsch', 'de-CH', 'Bestellungen'],
  ] as const) {
    // The language switch is in the menu under the staff member's name; the page switches
    // once the language's texts are there.
    await page.locator('header summary').click();
    await page.getByRole('button', { name: language, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.goto('/app/admin-panel/orders');
    const table = page.getByRole('table', { name: orders });
    await expect(table).toBeVisible();
    // Filters, saved views and the bulk bar leave room: the first orders show without scrolling.
    const firstRow = await table.locator('tbody tr').nth(2).boundingBox();
    expect((firstRow?.y ?? Infinity) + (firstRow?.height ?? 0), `${language}: three orders above the fold`).toBeLessThanOrEqual(768);
    await expectHeaderOnOneLine(page, `orders list, ${language}`);
    for (const heading of await table.locator('thead th').all()) expect(await linesOf(heading), `${language}: ${await heading.textContent()}`).toBeLessThanOrEqual(1);
    for (const number of await table.locator('.admin-table__open').all()) expect(await linesOf(number), `${language}: ${await number.textContent()}`).toBe(1);

    await page.goto(`/app/admin-panel/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(order.number) })).toBeVisible();
    await expectHeaderOnOneLine(page, `order page, ${language}`);
  }
  // The menu open: its links and buttons over the page, and axe finds nothing.
  await page.locator('header summary').click();
  await expect(page.getByRole('link', { name: /^Angemeldet als .+ \(.+\)$/ })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole('button', { name: 'English', exact: true }).click();
  // Escape closes it, back on the name.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await expect(page.locator('header summary')).toBeFocused();
});

test('previous and next on the order page step through the list it was opened from, across its pages, keeping its search and sort', async ({ page }) => {
  test.setTimeout(180_000);
  const company = `Stepping Stones AG ${Date.now()}`;
  // Placed one after another: by date received they come in this order.
  const placed = [];
  for (let index = 0; index < 3; index++) placed.push(await placeOrder(page.request, { company }));
  const [first, second, third] = placed as [(typeof placed)[number], (typeof placed)[number], (typeof placed)[number]];

  // Two a page: the first two on page 1, the third on page 2.
  const listAddress = `/app/admin-panel/orders?q=${encodeURIComponent(company)}&sort=RECEIVED&size=2`;
  await page.goto(listAddress);
  await signInAsStaff(page);
  const rows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(second.number);

  const heading = (order: { number: string }) => page.getByRole('heading', { level: 1, name: `Order ${order.number}` });
  const steps = page.getByRole('navigation', { name: 'The list this order is in' });
  const previous = steps.getByRole('link', { name: /Previous order/ });
  const next = steps.getByRole('link', { name: /Next order/ });

  // The last order of page 1: "next" opens the first of page 2.
  await page.getByRole('link', { name: second.number }).click();
  await expect(heading(second)).toBeVisible();
  await expect(previous).toBeEnabled();
  await next.click();
  await expect(heading(third)).toBeVisible();
  // The list's very end: no next.
  await expect(next).toBeDisabled();
  await expect(next).not.toHaveAttribute('href');

  // The first order of page 2: "previous" opens the last of page 1, then the first.
  await previous.click();
  await expect(heading(second)).toBeVisible();
  await previous.click();
  await expect(heading(first)).toBeVisible();
  // The list's very start: no previous.
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  // Forward again to page 2, and back to the list on the page the order is on, search and sort kept.
  await next.click();
  await expect(heading(second)).toBeVisible();
  await next.click();
  await expect(heading(third)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the orders' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]sort=RECEIVED(&|$)/);
  await expect(page.getByLabel('Search')).toHaveValue(company);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(third.number);
});
