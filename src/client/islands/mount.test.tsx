// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIslands, propsFromDataset } from './mount.tsx';
import { registry } from './registry.ts';
import type { IslandProps, IslandRegistry } from './types.ts';

type CounterProps = IslandProps<{ label: string; startAt: string }>;

function Counter({ label, startAt = '0', lang, currency }: CounterProps) {
  const [count, setCount] = useState(Number(startAt));
  return (
    <button type="button" onClick={() => setCount(count + 1)} data-lang={lang} data-currency={currency}>
      {label} {count}
    </button>
  );
}

function Greeting({ name, lang }: IslandProps<{ name: string }>) {
  return <p>{lang === 'de-CH' ? `Grüezi ${name}` : `Hello ${name}`}</p>;
}

function setUpPage(body: string, { lang = 'de-CH', currency = 'CHF' } = {}) {
  document.documentElement.lang = lang;
  document.body.dataset.selectedCurrency = currency;
  document.body.innerHTML = body;
}

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  delete document.body.dataset.selectedCurrency;
});

describe('mountIslands', () => {
  it('hydrates a prerendered island with its data attributes, the page language and currency', async () => {
    const server = renderToString(<Counter label="Seats" startAt="2" lang="de-CH" currency="CHF" />);
    setUpPage(`<div data-island="counter" data-label="Seats" data-start-at="2" data-hydrate="">${server}</div>`);
    const prerendered = document.querySelector('button');
    const load = vi.fn(async () => ({ default: Counter }));

    let mounted: Awaited<ReturnType<typeof mountIslands>> = [];
    await act(async () => {
      mounted = await mountIslands({ counter: load });
    });

    expect(load).toHaveBeenCalledTimes(1);
    expect(mounted.map((island) => island.name)).toEqual(['counter']);
    const button = document.querySelector('button')!;
    expect(button).toBe(prerendered); // hydrated in place, not re-created
    expect(button.dataset.lang).toBe('de-CH');
    expect(button.dataset.currency).toBe('CHF');
    await act(async () => button.click());
    expect(button.textContent).toBe('Seats 3');
    expect(error).not.toHaveBeenCalled();
  });

  it('renders an island without data-hydrate from scratch, replacing its fallback', async () => {
    setUpPage('<div data-island="greeting" data-name="Anna"><span class="fallback">…</span></div>', { lang: 'en-US' });
    await act(async () => {
      await mountIslands({ greeting: async () => ({ default: Greeting }) });
    });
    expect(document.querySelector('.fallback')).toBeNull();
    expect(document.querySelector('[data-island="greeting"]')!.textContent).toBe('Hello Anna');
  });

  it('loads only the widgets the page contains', async () => {
    setUpPage('<div data-island="greeting" data-name="Anna"></div>');
    const unused = vi.fn(async () => ({ default: Counter }));
    await act(async () => {
      await mountIslands({ greeting: async () => ({ default: Greeting }), counter: unused });
    });
    expect(unused).not.toHaveBeenCalled();
    expect(document.body.textContent).toBe('Grüezi Anna');
  });

  it('ignores unknown islands with one console warning per name', async () => {
    setUpPage(
      '<div data-island="add-to-cart"><button disabled>Add</button></div><div data-island="add-to-cart"></div><div data-island="toString"></div>',
    );
    let mounted: Awaited<ReturnType<typeof mountIslands>> = [];
    await act(async () => {
      mounted = await mountIslands({ greeting: async () => ({ default: Greeting }) });
    });
    expect(mounted).toEqual([]);
    expect(document.querySelector('button[disabled]')).not.toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toContain('"add-to-cart"');
    expect(warn.mock.calls[1]![0]).toContain('"toString"');
  });

  it('mounts an element once, however often it runs', async () => {
    setUpPage('<div data-island="greeting" data-name="Anna"></div>');
    const load = vi.fn(async () => ({ default: Greeting }));
    await act(async () => {
      await mountIslands({ greeting: load });
      await mountIslands({ greeting: load });
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('logs a widget that fails to load and mounts the others', async () => {
    setUpPage('<div data-island="broken"></div><div data-island="greeting" data-name="Anna"></div>');
    const failing: IslandRegistry = {
      broken: () => Promise.reject(new Error('chunk failed')),
      greeting: async () => ({ default: Greeting }),
    };
    let mounted: Awaited<ReturnType<typeof mountIslands>> = [];
    await act(async () => {
      mounted = await mountIslands(failing);
    });
    expect(mounted.map((island) => island.name)).toEqual(['greeting']);
    expect(error).toHaveBeenCalledWith('[islands] could not mount "broken"', expect.any(Error));
  });

  it('falls back to en-US and EUR when the page does not say', async () => {
    document.documentElement.lang = 'fr';
    document.body.innerHTML = '<div data-island="counter" data-label="n"></div>';
    await act(async () => {
      await mountIslands({ counter: async () => ({ default: Counter }) });
    });
    const button = document.querySelector('button')!;
    expect(button.dataset.lang).toBe('en-US');
    expect(button.dataset.currency).toBe('EUR');
  });
});

describe('propsFromDataset', () => {
  it('passes data-* attributes camelCased, without the runtime attributes', () => {
    const element = document.createElement('div');
    element.innerHTML =
      '<div data-island="add-to-cart" data-hydrate="" data-product-code="cyber_security_training_basic_v1" data-payment-frequency="MONTHLY" data-quantity="1"></div>';
    expect(propsFromDataset((element.firstElementChild as HTMLElement).dataset)).toEqual({
      productCode: 'cyber_security_training_basic_v1',
      paymentFrequency: 'MONTHLY',
      quantity: '1',
    });
  });
});

describe('registry', () => {
  it('loads every registered widget as a module with a default component', async () => {
    for (const [name, load] of Object.entries(registry)) {
      const module = await load();
      expect(typeof module.default, name).toBe('function');
    }
  });
});
