// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountIslands } from '#client/islands/mount.tsx';
import { registry } from '#client/islands/registry.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { renderPage } from './render-page.tsx';
import type { RenderedPageId } from './site-paths.ts';

const assets = { script: '/assets/islands.js', styles: 'body{margin:0}' };

/** Loads a prerendered page into the jsdom document, as a browser would receive it. */
function loadPage(page: RenderedPageId, lang: Language, currency: Currency) {
  const html = renderPage({ page, lang, currency, assets, baseUrl: 'http://localhost:3000' });
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
  for (const attribute of [...parsed.body.attributes]) document.body.setAttribute(attribute.name, attribute.value);
  document.body.innerHTML = parsed.body.innerHTML;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.cookie = 'currency=; Max-Age=0; Path=/';
});

describe('prerendered pages with the real island registry', () => {
  it.each([
    ['trainings', 'de-CH', 'CHF'],
    ['home', 'en-US', 'USD'],
    ['not-found', 'en-US', 'EUR'],
  ] as const)('hydrate every widget of %s (%s, %s) without a mismatch', async (page, lang, currency) => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    loadPage(page, lang, currency);

    let mounted: Awaited<ReturnType<typeof mountIslands>> = [];
    await act(async () => {
      mounted = await mountIslands(registry);
    });

    const expected = ['language-switch', 'currency-selector', 'cart-button', 'newsletter-modal', 'language-currency-sync', 'exit-intent'];
    if (page === 'trainings') expected.push('payment-frequency-switch', 'product-tier-switch', ...Array(6).fill('add-to-cart'));
    if (page === 'home') expected.push('questionnaire', 'newsletter-modal');
    if (page === 'home') expected.push('downloadable-content');
    expect(mounted.map((island) => island.name).sort()).toEqual(expected.sort());
    expect(error).not.toHaveBeenCalled();
    // Every widget of the page is known to the registry.
    expect(warn.mock.calls.filter(([message]) => String(message).includes('unknown island'))).toEqual([]);
  });

  it('switches the shown prices without a reload when the currency changes', async () => {
    loadPage('trainings', 'en-US', 'EUR');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await act(async () => {
      await mountIslands(registry);
    });
    const select = document.querySelector<HTMLSelectElement>('.currency-selector select')!;
    await act(async () => {
      fireEvent.change(select, { target: { value: 'CHF' } });
    });
    expect(document.body.dataset.selectedCurrency).toBe('CHF');
    expect(document.cookie).toContain('currency=CHF');
    // The stylesheet shows `.money[data-currency=X]` for `body[data-selected-currency=X]`.
    const selector = `[data-selected-currency="CHF"] .money[data-currency="CHF"]`;
    expect(document.querySelectorAll(selector)).toHaveLength(6);
  });
});
