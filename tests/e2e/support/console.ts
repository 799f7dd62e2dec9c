import type { Page } from '@playwright/test';

/** Script errors and warnings (a hydration that did not match is one) of a page, from now on. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught ${error.message}`));
  return problems;
}
