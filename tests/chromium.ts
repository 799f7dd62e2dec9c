/**
 * How the project's tests and benchmarks start Debian's Chromium: headless, and without
 * the background traffic this machine's closed network refuses.
 */
export const chromiumPath = '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Playwright's Chromium declares automation (navigator.webdriver), which the captcha
 * widget refuses; journeys that fill forms play a real visitor's browser.
 */
export const visitorBrowserArgs = [...chromiumArgs, '--disable-blink-features=AutomationControlled'];
