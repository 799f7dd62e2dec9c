// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartCalls } from '#shared/contract/cart.ts';
import { installFakeApi, refuse } from '../../../../tests/helpers/fake-api.ts';
import CartButton from './cart-button.tsx';
import { cartHref } from './cart.ts';
import { getCartCount, setCartCount, subscribe } from './cart-count.ts';

const cartId = '3f1c2e9a-8a57-4b8e-9a3b-0b1d2c3e4f5a';
const api = installFakeApi();

beforeEach(() => {
  api.answer(cartCalls.productsCount, { count: 1 });
});

afterEach(() => {
  cleanup();
  act(() => setCartCount(0));
  document.cookie = 'shopping_cart=; Max-Age=0; Path=/';
});

const props = { lang: 'en-US', currency: 'EUR', label: 'Shopping cart', itemsOne: '{count} item', itemsOther: '{count} items' } as const;

describe('cart store', () => {
  it('starts at 0, notifies subscribers of changes, clamps bad values', () => {
    expect(getCartCount()).toBe(0);
    const seen: number[] = [];
    const unsubscribe = subscribe(() => seen.push(getCartCount()));
    setCartCount(2);
    setCartCount(2);
    setCartCount(-4);
    setCartCount(Number.NaN);
    setCartCount(3.7);
    unsubscribe();
    setCartCount(5);
    expect(seen).toEqual([2, 0, 3]);
  });
});

describe('cart button', () => {
  it('links to the no-cart page when there is no shopping_cart cookie', () => {
    render(<CartButton {...props} />);
    const link = screen.getByRole('link', { name: 'Shopping cart, 0 items' });
    expect(link.getAttribute('href')).toBe('/app/no-shopping-cart');
  });

  it('links to the cart of the shopping_cart cookie and shows the store count', () => {
    document.cookie = 'shopping_cart=3f1c2e9a-8a57-4b8e-9a3b-0b1d2c3e4f5a; Path=/';
    render(<CartButton {...props} />);
    act(() => setCartCount(1));
    const link = screen.getByRole('link', { name: 'Shopping cart, 1 item' });
    expect(link.getAttribute('href')).toBe('/app/orders/3f1c2e9a-8a57-4b8e-9a3b-0b1d2c3e4f5a/shopping-cart');
    expect(link.querySelector('.badge')!.textContent).toBe('1');
  });

  it('follows a cart created after the page loaded', () => {
    render(<CartButton {...props} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/app/no-shopping-cart');
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    act(() => setCartCount(1));
    expect(screen.getByRole('link').getAttribute('href')).toBe(`/app/orders/${cartId}/shopping-cart`);
  });

  it('loads the count of the cart on the page', async () => {
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    api.answer(cartCalls.productsCount, { count: 3 });
    render(<CartButton {...props} />);
    expect(await screen.findByRole('link', { name: 'Shopping cart, 3 items' })).toBeTruthy();
    expect(api.requests(cartCalls.productsCount).map(({ params }) => params)).toEqual([{ orderId: cartId }]);
  });

  it('forgets a cart that no longer exists and shows 0', async () => {
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    act(() => setCartCount(2));
    api.answer(cartCalls.productsCount, refuse('notFound'));
    render(<CartButton {...props} />);
    expect(await screen.findByRole('link', { name: 'Shopping cart, 0 items' })).toBeTruthy();
    expect(document.cookie).not.toContain('shopping_cart=');
  });

  it('builds hrefs with the id encoded', () => {
    expect(cartHref(undefined)).toBe('/app/no-shopping-cart');
    expect(cartHref('a/b')).toBe('/app/orders/a%2Fb/shopping-cart');
  });
});
