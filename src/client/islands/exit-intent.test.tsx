// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import { downloadableCalls } from '#shared/contract/downloadables.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { cartAnswer } from '../../../tests/helpers/carts.ts';
import { installFakeApi, refuse } from '../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../tests/helpers/languages.ts';
import ExitIntent from './exit-intent.tsx';
import { exitIntentKeys } from './exit-intent-trigger.ts';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <button type="button" onClick={() => props.onSolved('solution')}>
      solve captcha
    </button>
  ),
}));

const cartId = '11111111-2222-4333-8444-555555555555';
const confirmation = inEveryLanguage({ 'en-US': 'The link to the guide is on its way.', 'de-CH': 'Der Link zum Leitfaden ist unterwegs.' });

/** The visitor's cart: how many lines it has and whether it was saved by e-mail. */
const cart = ({ count, isSubscribed }: { count: number; isSubscribed: boolean }) => cartAnswer({ id: cartId, count, isSubscribed });

const api = installFakeApi();

const arrival = 1_800_000_000_000;
let now = arrival;

beforeEach(() => {
  forgetLoadedFormData();
  localStorage.clear();
  now = arrival;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  document.cookie = 'XSRF-TOKEN=test-token; Path=/';
  api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
  api.answer(geoCalls.countries, [{ code: 'CH', name: 'Schweiz', phoneCode: '+41' }]);
  api.answer(geoCalls.visitorCountry, { code: 'CH', name: 'Schweiz', phoneCode: '+41' });
  api.answer(cartCalls.cart, cart({ count: 1, isSubscribed: false }));
  api.answer(downloadableCalls.requestDownload, { messages: [{ translations: confirmation }] });
  api.answer(cartCalls.saveCartByEmail, { messages: [{ translations: confirmation }], isSubscribed: true });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
  document.cookie = 'shopping_cart=; Max-Age=0; Path=/';
  document.body.innerHTML = '';
});

/** The pointer leaves the window through the top edge, `seconds` after arriving. */
function leaveThroughTop(seconds: number): void {
  now = arrival + seconds * 1000;
  fireEvent.mouseOut(document, { clientY: 0, relatedTarget: null });
}

function popup(): HTMLDialogElement | null {
  return document.querySelector('dialog.form-dialog');
}

/** Lets the dynamic imports and the calls settle; the popup did not appear if it is not there then. */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
}

describe('exit-intent popup', () => {
  it('offers the free guide to a visitor without a cart after a leave through the top, past the first 15 s', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(10);
    await settle();
    expect(popup()).toBeNull();

    leaveThroughTop(16);
    // The first popup of the file imports the form's modules, which takes seconds on a loaded machine.
    const dialog = await screen.findByRole('dialog', { name: 'Before you go: our free guide' }, { timeout: 15_000 });
    expect(dialog.hasAttribute('open')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^First name/)));
    // The guide form: first name, e-mail, consent and captcha, nothing else.
    expect(within(dialog).getAllByRole('textbox').map((field) => field.getAttribute('name'))).toEqual(['firstName', 'email']);

    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Anna' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail address/), { target: { value: 'anna@example.com' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /privacy policy/ }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'solve captcha' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send me the guide' }));

    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toBe('The link to the guide is on its way.');
    const [post] = api.requests(downloadableCalls.requestDownload);
    expect(post?.params).toEqual({ code: 'guide' });
    expect(post?.body).toEqual({
      preferredLanguage: 'en-US',
      agreeWithDataPrivacy: true,
      captchaSolution: 'solution',
      firstName: 'Anna',
      email: 'anna@example.com',
    });
    expect(localStorage.getItem(exitIntentKeys.guideRequested)).not.toBeNull();

    // Closed: the time is kept and the focus returns.
    now += 5_000;
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(localStorage.getItem(exitIntentKeys.closedAt)).toBe(String(now));
    expect(document.activeElement).toBe(opener);
  }, 30_000);

  it('offers to save a cart that has lines and is not saved yet', async () => {
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    render(<ExitIntent lang="de-CH" currency="CHF" />);
    leaveThroughTop(20);
    const dialog = await screen.findByRole('dialog', { name: 'Warenkorb für später speichern?' });
    fireEvent.change(within(dialog).getByLabelText(/^Vorname/), { target: { value: 'Anna' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-Mail-Adresse/), { target: { value: 'anna@example.ch' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'solve captcha' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Warenkorb speichern' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Der Link zum Leitfaden ist unterwegs.');
    const [post] = api.requests(cartCalls.saveCartByEmail);
    expect(post?.params).toEqual({ orderId: cartId });
    // The same form as on the cart page: the mail comes in the page's language.
    expect(post?.body).toMatchObject({ firstName: 'Anna', email: 'anna@example.ch', preferredLanguage: 'de-CH' });
  });

  it('offers the guide for an empty cart or one that is gone, and nothing for a saved cart', async () => {
    document.cookie = `shopping_cart=${cartId}; Path=/`;
    api.answer(cartCalls.cart, cart({ count: 1, isSubscribed: true }));
    const { unmount } = render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(20);
    await settle();
    expect(popup()).toBeNull();
    unmount();

    api.answer(cartCalls.cart, cart({ count: 0, isSubscribed: false }));
    now = arrival;
    const empty = render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(20);
    expect(await screen.findByRole('dialog', { name: 'Before you go: our free guide' })).toBeTruthy();
    empty.unmount();
    // The popup has a root of its own at the end of <body>: a new page view starts without it.
    document.body.innerHTML = '';

    api.answer(cartCalls.cart, refuse('notFound'));
    now = arrival;
    render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(20);
    expect(await screen.findByRole('dialog', { name: 'Before you go: our free guide' })).toBeTruthy();
  });

  it('appears after scrolling past half the page and back up to 30–40 %', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1000);
    const scrollY = vi.spyOn(window, 'scrollY', 'get');
    render(<ExitIntent lang="en-US" currency="EUR" />);
    for (const y of [400, 1200, 900]) {
      scrollY.mockReturnValue(y);
      fireEvent.scroll(window);
    }
    await settle();
    expect(popup()).toBeNull();
    scrollY.mockReturnValue(700);
    fireEvent.scroll(window);
    expect(await screen.findByRole('dialog', { name: 'Before you go: our free guide' })).toBeTruthy();
  });

  it('appears once per page view', async () => {
    render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(20);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    localStorage.clear();
    leaveThroughTop(30 * 60);
    await settle();
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
  });

  it('never goes over another open dialog', async () => {
    document.body.insertAdjacentHTML('beforeend', '<dialog id="drawer" open></dialog>');
    render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(20);
    await settle();
    expect(popup()).toBeNull();
    // The trigger was not used up: once the drawer is closed, the next leave shows it.
    document.getElementById('drawer')!.removeAttribute('open');
    leaveThroughTop(25);
    expect(await screen.findByRole('dialog', { name: 'Before you go: our free guide' })).toBeTruthy();
  });

  it('stays away for 300 000 ms after it was closed, and after a guide request', async () => {
    localStorage.setItem(exitIntentKeys.closedAt, String(arrival - 200_000));
    render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(20);
    await settle();
    expect(popup()).toBeNull();
    // 300 000 ms after closing it may return.
    leaveThroughTop(100);
    expect(await screen.findByRole('dialog', { name: 'Before you go: our free guide' })).toBeTruthy();
    cleanup();
    document.body.innerHTML = '';

    localStorage.clear();
    localStorage.setItem(exitIntentKeys.guideRequested, String(arrival - 86_400_000));
    now = arrival;
    render(<ExitIntent lang="en-US" currency="EUR" />);
    leaveThroughTop(3600);
    await settle();
    expect(popup()).toBeNull();
  });
});
