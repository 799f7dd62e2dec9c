// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CurrencySelector from './currency-selector.tsx';
import { mountIslands } from './mount.tsx';
import { pageEvents } from './page-state.ts';

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

async function mountPrerendered(currency: 'EUR' | 'USD' | 'CHF') {
  document.documentElement.lang = 'en-US';
  document.body.dataset.selectedCurrency = currency;
  const server = renderToString(<CurrencySelector lang="en-US" currency={currency} label="Currency" />);
  document.body.innerHTML = `<div data-island="currency-selector" data-label="Currency" data-hydrate="">${server}</div>`;
  await act(async () => {
    await mountIslands({ 'currency-selector': async () => ({ default: CurrencySelector }) });
  });
  return document.querySelector('select')!;
}

beforeEach(() => {
  clearCookies();
  vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(console.error).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  clearCookies();
});

describe('currency selector', () => {
  it('shows the page currency, labelled', async () => {
    const select = await mountPrerendered('USD');
    expect(select.value).toBe('USD');
    expect(select.closest('label')!.textContent).toContain('Currency');
    expect([...select.options].map((option) => option.value)).toEqual(['EUR', 'USD', 'CHF']);
  });

  it('stores the choice in the currency cookie and on <body>, and announces it', async () => {
    const select = await mountPrerendered('EUR');
    const announced = vi.fn();
    document.addEventListener(pageEvents.currency, (event) => announced((event as CustomEvent).detail));
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor.set!.call(document, value);
    });

    await act(async () => {
      fireEvent.change(select, { target: { value: 'CHF' } });
    });

    expect(document.body.dataset.selectedCurrency).toBe('CHF');
    expect(document.cookie).toContain('currency=CHF');
    expect(cookieWrites).toEqual(['currency=CHF; Path=/; Max-Age=31536000; SameSite=Lax']);
    expect(announced).toHaveBeenCalledWith('CHF');
    expect(select.value).toBe('CHF');
  });

  it('ignores values that are not a supported currency', async () => {
    const select = await mountPrerendered('EUR');
    const option = document.createElement('option');
    option.value = 'GBP';
    select.append(option);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'GBP' } });
    });
    expect(document.body.dataset.selectedCurrency).toBe('EUR');
    expect(document.cookie).not.toContain('currency=');
  });
});
