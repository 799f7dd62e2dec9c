import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/staff.ts';

/** The orders desk's overdue queue: its bulk payment form, read by axe. */
test('the overdue queue offers to record the selected orders’ open amounts as paid on one day, and axe finds nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/app/admin-panel/orders?overdue=1');
  await signInAsStaff(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Record payments of the selected orders' });
  await expect(form.getByLabel('Money received on')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  // Nothing selected: nothing to record.
  await expect(form.getByRole('button', { name: 'Record their open amounts as paid' })).toBeDisabled();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  // Outside the queue the form is not offered.
  await page.goto('/app/admin-panel/orders');
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Record payments of the selected orders' })).toHaveCount(0);
});
