// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartCalls } from '#shared/contract/cart.ts';
import type { Call } from '#shared/contract.ts';
import { setCartCount } from '#client/features/cart/cart-count.ts';
import CartButton from '#client/features/cart/cart-button.tsx';
import { cartAnswer } from '../../../tests/helpers/carts.ts';
import { installFakeApi } from '../../../tests/helpers/fake-api.ts';
import AddToCart from './add-to-cart.tsx';

configure({ asyncUtilTimeout: 5000 });

const api = installFakeApi();
const cart = cartAnswer();
const line = cart.items[0]!;
const advanced = {
  ...line,
  id: '1d2c3b4a-0000-4000-8000-000000000002',
  productCode: 'cyber_security_training_champion_v1',
  product: { ...line.product, code: 'cyber_security_training_champion_v1', tier: 'champion' as const, title: 'Champion', translations: { 'en-US': { title: 'Cyber security champion', description: '' }, 'de-CH': { title: 'Cyber-Sicherheit Champion', description: '' } } },
};
const withTwoLines = { ...cart, items: [line, advanced], count: 2 };

/** How many cart calls the page made (the anti-forgery token is the browser's, not the cart's). */
const cartRequests = () => (Object.values(cartCalls) as Call[]).reduce((sum, call) => sum + api.requests(call).length, 0);

// jsdom has no modal dialogs: the drawer's <dialog> opens and closes by its attribute.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

beforeEach(() => {
  api.answer(cartCalls.productsCount, { count: 1 });
  api.answer(cartCalls.addToCart, withTwoLines);
});

afterEach(() => {
  cleanup();
  act(() => setCartCount(0));
  document.cookie = 'shopping_cart=; Max-Age=0; Path=/';
});

/** A marketing page: the header's cart button and an add-to-cart button, each a root of its own. */
function renderPage() {
  render(<CartButton lang="en-US" label="Shopping cart" itemsOne="{count} item" itemsOther="{count} items" />);
  render(<AddToCart lang="en-US" currency="CHF" productCode="cyber_security_training_champion_v1" quantity="1" paymentFrequency="ONE_TIME" text="Add to cart" />);
}

describe('add to cart on a marketing page', () => {
  it('costs one round trip: the drawer shows the cart the add answered, and the header counts it', async () => {
    document.cookie = `shopping_cart=${cart.id}; Path=/`;
    renderPage();
    expect(await screen.findByRole('link', { name: 'Shopping cart, 1 item' })).toBeTruthy();
    const before = cartRequests();

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your shopping cart' }, { timeout: 10_000 });
    expect(within(drawer).getByText('Cyber security champion')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shopping cart, 2 items', hidden: true })).toBeTruthy();
    expect(cartRequests() - before).toBe(1);
    expect(api.requests(cartCalls.addToCart)).toHaveLength(1);
  });

  it('removes a line in the drawer with one call, and offers it back', async () => {
    document.cookie = `shopping_cart=${cart.id}; Path=/`;
    api.answer(cartCalls.updateCartItem, (request) => ({ ...withTwoLines, items: [line, { ...advanced, status: request.body.status ?? 'ACTIVE' }], count: request.body.status === 'REMOVED' ? 1 : 2 }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your shopping cart' }, { timeout: 10_000 });
    const before = cartRequests();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Cyber security champion' }));
    expect(await within(drawer).findByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(within(drawer).queryByText('Cyber security champion')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Undo' }));
    expect(await within(drawer).findByText('Cyber security champion')).toBeTruthy();
    expect(cartRequests() - before).toBe(2);
    expect(api.requests(cartCalls.updateCartItem).map(({ body }) => body)).toEqual([{ status: 'REMOVED' }, { status: 'ACTIVE' }]);
  });
});
