// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartCalls } from '#shared/contract/cart.ts';
import type { Language } from '#shared/locales.ts';
import type { Cart } from '#shared/schemas/cart.ts';
import { emptyCheckoutState } from '#client/features/cart/cart.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { cartAnswer } from '../../../../tests/helpers/carts.ts';
import { installFakeApi, refuse } from '../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../tests/helpers/languages.ts';
import NoShoppingCartPage from './no-shopping-cart.tsx';
import ShoppingCartPage from './shopping-cart.tsx';

configure({ asyncUtilTimeout: 5000 });

const cartId = '0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e';

const cart = (change: Partial<Cart> = {}) => cartAnswer({ id: cartId, ...change });

const api = installFakeApi();

beforeEach(() => {
  api.answer(cartCalls.cart, cart());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'shopping_cart=; Path=/; Max-Age=0';
});

function renderAt(entry: InitialEntry, language: Language = 'en-US') {
  const router = createMemoryRouter(
    [
      { path: '/no-shopping-cart', element: <NoShoppingCartPage /> },
      { path: '/orders/:orderId/shopping-cart', element: <ShoppingCartPage /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the no-shopping-cart page', () => {
  it('offers the cart of a valid cookie, with its number of trainings', async () => {
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    api.answer(cartCalls.cart, cart({ count: 2 }));
    renderAt('/no-shopping-cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your shopping cart' })).toBeTruthy();
    expect(screen.getByText('This browser has a shopping cart with 2 trainings.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to shopping cart' }).getAttribute('href')).toBe(`/orders/${cartId}/shopping-cart`);
  });

  it('says it in German, in the singular', async () => {
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    renderAt('/no-shopping-cart', 'de-CH');
    expect(await screen.findByText('In diesem Browser gibt es einen Warenkorb mit 1 Training.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Warenkorb' })).toBeTruthy();
  });

  it('says there is none without a cookie, and asks nothing', async () => {
    renderAt('/no-shopping-cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'No shopping cart' })).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('says there is none when the cart of the cookie is gone, and forgets the cookie', async () => {
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    api.answer(cartCalls.cart, refuse('notFound', inEveryLanguage({ 'en-US': 'gone', 'de-CH': 'weg' })));
    renderAt('/no-shopping-cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'No shopping cart' })).toBeTruthy();
    expect(document.cookie).not.toContain('shopping_cart');
  });
});

describe('the cart page, reached from the checkout of an empty cart', () => {
  const removed = () => cart({ items: cart().items.map((item) => ({ ...item, status: 'REMOVED' as const })), count: 0, totalPrice: 0 });

  it('says why the visitor is here', async () => {
    api.answer(cartCalls.cart, removed());
    renderAt({ pathname: `/orders/${cartId}/shopping-cart`, state: emptyCheckoutState });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe('Your shopping cart is empty, so there is nothing to check out yet. Please add a training first.');
    expect(screen.queryByRole('link', { name: 'Go to checkout' })).toBeNull();
  });

  it('in German too', async () => {
    api.answer(cartCalls.cart, removed());
    renderAt({ pathname: `/orders/${cartId}/shopping-cart`, state: emptyCheckoutState }, 'de-CH');
    expect((await screen.findByRole('alert')).textContent).toContain('Ihr Warenkorb ist leer, darum gibt es noch nichts zu bestellen.');
  });

  it('says nothing of the kind when opened otherwise', async () => {
    api.answer(cartCalls.cart, removed());
    renderAt(`/orders/${cartId}/shopping-cart`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping cart' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
