// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { checkoutCalls } from '#shared/contract/checkout.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import type { Language } from '#shared/locales.ts';
import type { InvoiceInfo, OrderDetail } from '#shared/schemas/checkout.ts';
import type { Country } from '#shared/schemas/common.ts';
import { getCartCount, setCartCount } from '#client/features/cart/cart-count.ts';
import { isEmptyCheckoutState } from '#client/features/cart/cart.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { installFakeApi, refuse, refuseFields, type FakeRefusal } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import CheckoutPage from './checkout-page.tsx';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <div data-testid="captcha" data-site-key={props.siteKey ?? ''} data-reset-signal={String(props.resetSignal ?? 0)}>
      <button type="button" onClick={() => props.onSolved(`solution-${props.resetSignal ?? 0}`)}>
        solve captcha
      </button>
    </div>
  ),
}));

const orderId = '0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e';
const emptyAddress = { street: '', additionalAddressLine: '', zip: '', city: '', state: '', country: '', countryCode: '' };

function invoiceInfo(change: Partial<InvoiceInfo> = {}): InvoiceInfo {
  return {
    company: { name: '', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
    address: { ...emptyAddress },
    invoiceAddressSameAsAddress: true,
    invoiceAddress: { ...emptyAddress },
    contact: { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' },
    step: 0,
    vatNumberRequired: false,
    complete: false,
    ...change,
  };
}

const savedInfo = (step: number) =>
  invoiceInfo({
    company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
    address: { street: 'Bahnhofstrasse 1', additionalAddressLine: '', zip: '8001', city: 'Zürich', state: '', country: 'Switzerland', countryCode: 'CH' },
    invoiceAddress: { ...emptyAddress, countryCode: 'CH', country: 'Switzerland' },
    contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@acme.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
    step,
    complete: true,
  });

function orderDetail(change: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: orderId,
    number: null,
    status: 'SHOPPING_CART',
    currency: 'CHF',
    language: 'en-US',
    orderedAt: null,
    items: [
      {
        id: '1d2c3b4a-0000-4000-8000-000000000001',
        productCode: 'cyber_security_training_basic_v1',
        product: {
          code: 'cyber_security_training_basic_v1',
          tier: 'basic',
          title: 'Basic',
          translations: inEveryLanguage({ 'en-US': { title: 'Cyber security basics', description: '' }, 'de-CH': { title: 'Cyber-Sicherheit Grundlagen', description: '' } }),
        },
        quantity: 10,
        periodMonths: 12,
        unitPrice: 5,
        totalPrice: 600,
        status: 'ACTIVE',
        paymentFrequency: 'MONTHLY',
      },
      {
        id: '1d2c3b4a-0000-4000-8000-000000000002',
        productCode: 'cyber_security_training_champion_v1',
        product: {
          code: 'cyber_security_training_champion_v1',
          tier: 'champion',
          title: 'Champion',
          translations: inEveryLanguage({ 'en-US': { title: 'Security champion', description: '' }, 'de-CH': { title: 'Security-Champion', description: '' } }),
        },
        quantity: 2,
        periodMonths: null,
        unitPrice: 700,
        totalPrice: 1400,
        status: 'REMOVED',
        paymentFrequency: 'ONE_TIME',
      },
    ],
    // What is billed now: the first month of the monthly line.
    totals: { net: 50, vatRate: 8.1, vatAmount: 4.05, gross: 54.05, vatKind: 'SWISS_VAT', perMonth: { net: 50, vatAmount: 4.05, gross: 54.05 } },
    invoiceInfo: invoiceInfo(),
    details: { shoppingCart: true, status: 'SHOPPING_CART' },
    ...change,
  };
}

// A cold run (first transform of the page's modules) can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** A small stand-in for the server: what was saved, and programmable failures. */
interface FakeServer {
  info: InvoiceInfo;
  detail: OrderDetail;
  /** What GET /geolocation/whereami/country answers: a country, or a failure. */
  visitorCountry: Country | FakeRefusal;
  /** Answers the next PUT invoice-info instead of saving. */
  putAnswer?: FakeRefusal;
  checkoutAnswer?: () => FakeRefusal;
  puts: unknown[];
  checkouts: unknown[];
}

let server: FakeServer;
const api = installFakeApi();

/** As the server saves the invoice info: a section sent replaces the saved one, and a field it leaves out is empty. */
function savedSection<Section extends object>(saved: Section, sent: Partial<Section> | undefined, empty: Section): Section {
  if (!sent) return saved;
  return { ...empty, ...Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) };
}

/** The calls of the checkout, answered from `server` as the real one would. */
function answerFromServer(): void {
  api.answer(geoCalls.countries, ({ query }) =>
    query.language === 'de-CH'
      ? [
          { code: 'CH', name: 'Schweiz', phoneCode: '+41' },
          { code: 'DE', name: 'Deutschland', phoneCode: '+49' },
        ]
      : [
          { code: 'CH', name: 'Switzerland', phoneCode: '+41' },
          { code: 'DE', name: 'Germany', phoneCode: '+49' },
        ],
  );
  api.answer(geoCalls.visitorCountry, () => server.visitorCountry);
  api.answer(siteKeyCalls.checkout, { siteKey: 'sk_checkout' });
  // As the server does: the detail carries the invoice info saved so far (VAT follows its billing country).
  api.answer(checkoutCalls.orderDetail, () => (server.detail.details.shoppingCart ? { ...server.detail, invoiceInfo: server.info } : server.detail));
  api.answer(checkoutCalls.invoiceInfo, () => server.info);
  api.answer(checkoutCalls.saveInvoiceInfo, ({ body }) => {
    server.puts.push(body);
    const answer = server.putAnswer;
    server.putAnswer = undefined;
    if (answer) return answer;
    const update = body as Partial<InvoiceInfo>;
    const empty = invoiceInfo();
    server.info = {
      ...server.info,
      ...(update.invoiceAddressSameAsAddress === undefined ? {} : { invoiceAddressSameAsAddress: update.invoiceAddressSameAsAddress }),
      ...(update.step === undefined ? {} : { step: update.step }),
      company: savedSection(server.info.company, update.company, empty.company),
      address: savedSection(server.info.address, update.address, empty.address),
      invoiceAddress: savedSection(server.info.invoiceAddress, update.invoiceAddress, empty.invoiceAddress),
      contact: savedSection(server.info.contact, update.contact, empty.contact),
    };
    return server.info;
  });
  api.answer(checkoutCalls.legalTexts, ({ query }) => {
    const german = query.language === 'de-CH';
    return [
      { id: 'terms' as const, title: german ? 'AGB' : 'Terms and conditions', url: '/web/en-US/terms', summary: 'Seats are personal.' },
      { id: 'privacy' as const, title: german ? 'Datenschutzerklärung' : 'Privacy policy', url: '/web/en-US/privacy-policy', summary: 'We keep your data in Switzerland.' },
    ];
  });
  api.answer(checkoutCalls.checkout, ({ body }) => {
    server.checkouts.push(body);
    if (server.checkoutAnswer) return server.checkoutAnswer();
    server.detail = { ...server.detail, invoiceInfo: server.info, number: 'CSA-2026-0042', status: 'ORDERED', orderedAt: '2026-11-21T09:30:00Z', details: { shoppingCart: false, status: 'ORDERED' } };
    return server.detail;
  });
}

beforeEach(() => {
  forgetLoadedFormData();
  server = {
    info: invoiceInfo(),
    detail: orderDetail(),
    visitorCountry: { code: 'CH', name: 'Switzerland', phoneCode: '+41' },
    puts: [],
    checkouts: [],
  };
  answerFromServer();
  sessionStorage.clear();
  document.cookie = 'XSRF-TOKEN=token; Path=/';
  document.cookie = `shopping_cart=${orderId}; Path=/`;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setCartCount(0);
  document.cookie = 'shopping_cart=; Path=/; Max-Age=0';
});

/** The page in a memory router at `search` (`?step=review`); answers the router, whose history the tests walk. */
function renderCheckout(language: Language = 'en-US', search = '') {
  const router = createMemoryRouter(
    [
      { path: '/orders/:orderId/checkout', element: <CheckoutPage /> },
      { path: '/orders/:orderId/tracking', element: <p>tracking page</p> },
      { path: '/orders/:orderId/shopping-cart', element: <p>cart page</p> },
    ],
    { initialEntries: [`/orders/${orderId}/checkout${search}`] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** The step named by the router's address. */
const stepInAddress = (router: ReturnType<typeof renderCheckout>) => new URLSearchParams(router.state.location.search).get('step');

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
/** The list of the steps, under the page's title. */
const stepList = () => document.querySelector<HTMLElement>('ol.checkout-steps') ?? screen.getByRole('list');
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('checkout page', () => {
  it('walks through the invoice steps, saving each one, and keeps what was typed on the way back', async () => {
    renderCheckout();
    expect(await heading('Step 1 of 7: Invoice info')).toBeTruthy();
    const steps = stepList();
    expect(within(steps).getAllByRole('listitem')).toHaveLength(7);
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Invoice info');
    expect(screen.getByLabelText(/^Company name/).getAttribute('autocomplete')).toBe('organization');
    expect(screen.getByText(/Required for companies in the EU/)).toBeTruthy();

    type(/^Company name/, 'Acme AG');
    next();
    const addressHeading = await heading('Step 2 of 7: Address');
    expect(server.puts).toEqual([{ company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' }, step: 1 }]);
    await waitFor(() => expect(document.activeElement).toBe(addressHeading));
    expect(stepList().querySelector('[aria-current="step"]')?.textContent).toContain('Address');

    // The address country defaults to the visitor's (geolocation).
    await waitFor(() => expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('CH'));
    const tokens: [RegExp, string][] = [
      [/^Street and number/, 'address-line1'],
      [/^Additional address line/, 'address-line2'],
      [/^Postal code/, 'postal-code'],
      [/^City/, 'address-level2'],
      [/^State, province or canton/, 'address-level1'],
      [/^Country/, 'country'],
    ];
    for (const [label, token] of tokens) expect(screen.getByLabelText(label).getAttribute('autocomplete'), String(label)).toBe(token);
    type(/^Street and number/, 'Bahnhofstrasse 1');
    type(/^Postal code/, '8001');
    type(/^City/, 'Zürich');
    next();
    await heading('Step 3 of 7: Billing address');
    expect(server.puts[1]).toEqual({
      address: { street: 'Bahnhofstrasse 1', additionalAddressLine: '', zip: '8001', city: 'Zürich', state: '', countryCode: 'CH', country: 'Switzerland' },
      step: 2,
    });

    // Billing address: "same as the address" by default; unticked, an empty address in the address's country.
    const same = screen.getByLabelText(/same as the address/) as HTMLInputElement;
    expect(same.checked).toBe(true);
    fireEvent.click(same);
    expect(screen.getByLabelText(/^Street and number/).getAttribute('autocomplete')).toBe('billing address-line1');
    expect(screen.getByLabelText(/^Postal code/).getAttribute('autocomplete')).toBe('billing postal-code');
    expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('CH');
    expect((screen.getByLabelText(/^Street and number/) as HTMLInputElement).value).toBe('');
    fireEvent.click(same);
    next();
    await heading('Step 4 of 7: Contact details');
    expect(server.puts[2]).toEqual({ invoiceAddressSameAsAddress: true, step: 3 });

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Step 3 of 7: Billing address');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Step 2 of 7: Address');
    expect((screen.getByLabelText(/^Street and number/) as HTMLInputElement).value).toBe('Bahnhofstrasse 1');
    expect(server.puts).toHaveLength(3);
  });

  it('checks the contact details with the shared rules before saving', async () => {
    server.info = savedInfo(3);
    server.info.contact = { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' };
    renderCheckout();
    await heading('Step 4 of 7: Contact details');
    const tokens: [RegExp, string][] = [
      [/^First name/, 'given-name'],
      [/^Last name/, 'family-name'],
      [/^E-mail address/, 'email'],
      [/^Number/, 'tel-national'],
    ];
    for (const [label, token] of tokens) expect(screen.getByLabelText(label).getAttribute('autocomplete'), String(label)).toBe(token);
    await waitFor(() => expect((screen.getByLabelText(/^Country code/) as HTMLSelectElement).value).toBe('CH'));
    type(/^First name/, 'Anna');
    type(/^Last name/, 'Muster');
    type(/^E-mail address/, 'anna@acme.ch');
    type(/^Number/, '+41 (44) 668');
    next();
    const phone = screen.getByLabelText(/^Number/);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const message = 'Only use numbers, space, and minus. Please use the international phone number format with your selected country code.';
    expect(screen.getByText(message)).toBeTruthy();
    expect(phone.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    expect(document.activeElement).toBe(phone);
    expect(server.puts).toEqual([]);

    type(/^Number/, '44 668 18 00');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    next();
    await heading('Step 5 of 7: Review order');
    expect(server.puts).toEqual([
      { contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@acme.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' }, step: 4 },
    ]);
  });

  it('sends the visitor to the earliest step with an error and shows it under its field', async () => {
    server.info = savedInfo(2);
    renderCheckout();
    await heading('Step 3 of 7: Billing address');
    fireEvent.click(screen.getByLabelText(/same as the address/));
    type(/^Street and number/, 'Unter den Linden 5');
    type(/^Postal code/, '10117');
    type(/^City/, 'Berlin');
    // As a visitor does: the select has the focus before a choice (a long list is whole from then on).
    fireEvent.focus(screen.getByLabelText(/^Country/));
    fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: 'DE' } });
    server.putAnswer = refuseFields([
      {
        field: 'company.vatNumber',
        code: 'required',
        messagesByLanguage: inEveryLanguage({ 'en-US': 'Please enter the VAT number of your company.', 'de-CH': 'Bitte geben Sie die MWST-Nummer Ihrer Firma an.' }),
      },
    ]);
    next();
    await heading('Step 1 of 7: Invoice info');
    expect(server.puts[0]).toMatchObject({ invoiceAddressSameAsAddress: false, invoiceAddress: { city: 'Berlin', countryCode: 'DE' }, step: 3 });
    const vat = screen.getByLabelText(/^VAT number/);
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('Please enter the VAT number of your company.');
    expect(vat.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(vat));

    // Fixed and saved, the visitor goes on; the billing address typed before is still there.
    type(/^VAT number/, 'DE123456789');
    expect(vat.getAttribute('aria-invalid')).toBeNull();
    next();
    await heading('Step 2 of 7: Address');
    next();
    await heading('Step 3 of 7: Billing address');
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Berlin');
  });

  it('resumes at the saved step after a reload, with the saved values', async () => {
    server.info = savedInfo(3);
    renderCheckout();
    await heading('Step 4 of 7: Contact details');
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText(/^E-mail address/) as HTMLInputElement).value).toBe('anna@acme.ch');
    const done = stepList().querySelectorAll('.checkout-steps__step--done');
    expect(done).toHaveLength(3);
    expect(done[0]?.textContent).toContain('(done)');
  });

  it('starts a separate billing address empty, in the address country, though the answer repeats the address', async () => {
    const saved = savedInfo(2);
    const berlin = { ...saved.address, street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', countryCode: 'DE', country: 'Germany' };
    server.info = { ...saved, company: { name: 'Beispiel GmbH', vatNumber: 'DE123456789', buyerReference: '', purchaseOrderNumber: '' }, vatNumberRequired: true, address: berlin, invoiceAddress: { ...berlin } };
    renderCheckout();
    await heading('Step 3 of 7: Billing address');
    fireEvent.click(screen.getByLabelText(/same as the address/));
    expect((screen.getByLabelText(/^Street and number/) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('DE'));
  });

  it('starts with the name, e-mail, company and phone given when the cart was saved by e-mail', async () => {
    server.info = invoiceInfo({
      suggested: { companyName: 'Muster AG', firstName: 'Anna', lastName: 'Muster', email: 'anna@muster.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
    });
    renderCheckout();
    await heading('Step 1 of 7: Invoice info');
    expect((screen.getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Muster AG');
    next();
    await heading('Step 2 of 7: Address');
    expect(server.puts[0]).toMatchObject({ company: { name: 'Muster AG' } });
    type(/^Street and number/, 'Bahnhofstrasse 1');
    type(/^Postal code/, '8001');
    type(/^City/, 'Zürich');
    fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: 'CH' } });
    next();
    await heading('Step 3 of 7: Billing address');
    next();
    await heading('Step 4 of 7: Contact details');
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('Muster');
    expect((screen.getByLabelText(/^E-mail address/) as HTMLInputElement).value).toBe('anna@muster.ch');
    expect((screen.getByLabelText(/^Number/) as HTMLInputElement).value).toBe('44 668 18 00');
  });

  it('offers a Change link per block of the review, back to its step, and the confirmation shows what is bought and due', async () => {
    server.info = savedInfo(4);
    const router = renderCheckout('en-US', '?step=review');
    await heading('Step 5 of 7: Review order');
    const change = screen.getByRole('link', { name: 'Change Address' });
    expect(change.getAttribute('href')).toBe(`/orders/${orderId}/checkout?step=address`);
    expect(screen.getAllByRole('link', { name: /^Change / })).toHaveLength(4);
    fireEvent.click(change);
    await heading('Step 2 of 7: Address');
    expect(stepInAddress(router)).toBe('address');
    await act(() => router.navigate(-1));
    await heading('Step 5 of 7: Review order');

    fireEvent.click(screen.getByLabelText(/I have read and agree/));
    next();
    await heading('Step 6 of 7: Order confirmation');
    const order = screen.getByRole('region', { name: 'Your order' });
    expect(within(order).getByRole('table', { name: 'Your trainings' }).textContent).toContain('Cyber security basics');
    expect(within(order).getByTestId('order-gross').textContent).toBe('54.05 CHF');
    // The terms were agreed to on the review: not asked again, nor hinted at.
    expect(screen.queryByLabelText(/I have read and agree/)).toBeNull();
    expect(screen.getByText('To order, complete the anti-robot verification.')).toBeTruthy();
    // The order stands in the step: not once more beside it.
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('shows the order for review, then orders it: the cart cookie is gone, the count is 0 and the number shown', async () => {
    server.info = savedInfo(4);
    setCartCount(1);
    renderCheckout();
    await heading('Step 5 of 7: Review order');
    const table = screen.getByRole('table', { name: 'Your trainings' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2); // the header and the one ACTIVE line
    expect(rows[1]?.textContent).toContain('Cyber security basics');
    expect(rows[1]?.textContent).toContain('per month, minimum term 12 months');
    expect(rows[1]?.textContent).toContain('50.00 CHF');
    expect(screen.getByText('VAT 8.1 %')).toBeTruthy();
    expect(screen.getByTestId('order-gross').textContent).toBe('54.05 CHF');
    expect(screen.getByTestId('order-per-month').textContent).toBe('54.05 CHF');
    expect(screen.getByText('Bahnhofstrasse 1')).toBeTruthy();
    const terms = await screen.findByRole('link', { name: /Terms and conditions/ });
    expect(terms.getAttribute('href')).toBe('/web/en-US/terms');
    expect(terms.getAttribute('target')).toBe('_blank');

    // Next needs the agreement.
    next();
    const agree = screen.getByLabelText(/I have read and agree/);
    await waitFor(() => expect(agree.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(agree);
    expect(server.puts).toEqual([]);
    fireEvent.click(agree);
    next();
    await heading('Step 6 of 7: Order confirmation');
    expect(server.puts).toEqual([{ step: 5 }]);

    const order = screen.getByRole('button', { name: 'Place order and pay' }) as HTMLButtonElement;
    expect(order.disabled).toBe(true);
    const captcha = await screen.findByTestId('captcha');
    expect(captcha.dataset.siteKey).toBe('sk_checkout');
    fireEvent.click(within(captcha).getByRole('button', { name: 'solve captcha' }));
    expect(order.disabled).toBe(false);
    fireEvent.click(order);

    const thanks = await heading('Step 7 of 7: Thank you');
    expect(server.checkouts).toEqual([{ agreeWithLegalTexts: true, captchaSolution: 'solution-0', language: 'en-US' }]);
    expect(screen.getByTestId('order-number').textContent).toBe('CSA-2026-0042');
    expect(document.cookie).not.toContain('shopping_cart');
    expect(getCartCount()).toBe(0);
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(`/orders/${orderId}/tracking`);

    // What was bought, what happens next (the invoice follows by mail); the step is in the address, the draft gone.
    const bought = screen.getByRole('table', { name: 'What you ordered' });
    expect(within(bought).getAllByRole('row')[1]?.textContent).toContain('Cyber security basics');
    const nextSteps = screen.getByRole('region', { name: 'What happens next' });
    expect(nextSteps.textContent).toContain('by e-mail to anna@acme.ch');
    expect(nextSteps.textContent).toContain('within five working days');
    expect(nextSteps.textContent).toContain('The invoice follows in its own e-mail');
    expect(screen.queryByRole('link', { name: /invoice/i })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Your order' })).toBeNull();
    await waitFor(() => expect(sessionStorage.getItem(`checkout-draft:${orderId}`)).toBeNull());
  });

  it('resets the captcha on a captcha error and goes back for an agreement error', async () => {
    server.info = savedInfo(5);
    // The terms were agreed to in this tab before a reload.
    sessionStorage.setItem(`checkout-draft:${orderId}`, JSON.stringify({ agreed: true }));
    renderCheckout();
    await heading('Step 6 of 7: Order confirmation');
    expect(screen.queryByLabelText(/I have read and agree/)).toBeNull();
    fireEvent.click(within(await screen.findByTestId('captcha')).getByRole('button', { name: 'solve captcha' }));
    server.checkoutAnswer = () =>
      refuseFields([{ field: 'captchaSolution', code: 'invalid', messagesByLanguage: inEveryLanguage({ 'en-US': 'The anti-robot verification expired.', 'de-CH': 'Abgelaufen.' }) }]);
    fireEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByText('The anti-robot verification expired.')).toBeTruthy();
    expect(screen.getByTestId('captcha').dataset.resetSignal).not.toBe('0');
    expect((screen.getByRole('button', { name: 'Place order and pay' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.cookie).toContain('shopping_cart');

    // Solved again; now the server refuses the agreement: back to the review, error under the box.
    fireEvent.click(within(screen.getByTestId('captcha')).getByRole('button', { name: 'solve captcha' }));
    server.checkoutAnswer = () =>
      refuseFields([
        {
          field: 'agreeWithLegalTexts',
          code: 'invalid',
          messagesByLanguage: inEveryLanguage({ 'en-US': 'Please agree to the terms and conditions and the privacy policy.', 'de-CH': 'Bitte zustimmen.' }),
        },
      ]);
    fireEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await heading('Step 5 of 7: Review order');
    expect(server.checkouts).toHaveLength(2);
    expect((server.checkouts[1] as { captchaSolution: string }).captchaSolution).not.toBe('solution-0');
    const agree = screen.getByLabelText(/I have read and agree/);
    expect(agree.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please agree to the terms and conditions and the privacy policy.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(agree));
  });

  it.each([
    ['answers 500', () => refuse('internal')],
    [
      'does not answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as const)('says so when the server %s on the order, and orders with a new captcha once it answers', async (_case, failure) => {
    server.info = savedInfo(5);
    sessionStorage.setItem(`checkout-draft:${orderId}`, JSON.stringify({ agreed: true }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    await heading('Step 6 of 7: Order confirmation');
    fireEvent.click(within(await screen.findByTestId('captcha')).getByRole('button', { name: 'solve captcha' }));
    server.checkoutAnswer = failure;
    fireEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again; nothing was sent.');
    expect(screen.getByTestId('captcha').dataset.resetSignal).toBe('1');
    const order = screen.getByRole('button', { name: 'Place order and pay' });
    expect(order).toHaveProperty('disabled', true);
    expect(document.cookie).toContain('shopping_cart');

    fireEvent.click(within(screen.getByTestId('captcha')).getByRole('button', { name: 'solve captcha' }));
    expect(order).toHaveProperty('disabled', false);
    server.checkoutAnswer = undefined;
    fireEvent.click(order);
    expect(await heading('Step 7 of 7: Thank you')).toBeTruthy();
    expect(server.checkouts.map((body) => (body as { captchaSolution: string }).captchaSolution)).toEqual(['solution-0', 'solution-1']);
  });

  it('says so when the server fails saving a step, in German, and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout('de-CH');
    await heading('Schritt 1 von 7: Rechnungsangaben');
    type(/^Firmenname/, 'Muster AG');
    server.putAnswer = refuse('internal');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.',
    );
    expect((screen.getByLabelText(/^Firmenname/) as HTMLInputElement).value).toBe('Muster AG');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await heading('Schritt 2 von 7: Adresse')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens an order that is no longer a cart at the thank-you step', async () => {
    server.detail = orderDetail({ number: 'CSA-2026-0007', status: 'INVOICED', details: { shoppingCart: false, status: 'INVOICED' } });
    renderCheckout('de-CH');
    expect(await heading('Schritt 7 von 7: Vielen Dank')).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('CSA-2026-0007');
    expect(screen.getByRole('link', { name: 'Bestellung verfolgen' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Rechnung/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Wie es weitergeht' }).textContent).toContain('innert fünf Arbeitstagen');
    expect(screen.getByRole('table', { name: 'Was Sie bestellt haben' })).toBeTruthy();
    expect(api.requests(checkoutCalls.checkout)).toEqual([]);
  });

  it('shows the invoice-info failure apart, with a retry', async () => {
    server.info = savedInfo(1);
    api.answer(checkoutCalls.invoiceInfo, refuse('internal'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    expect(await screen.findByText('Your invoice details could not be loaded. Please try again.')).toBeTruthy();
    api.answer(checkoutCalls.invoiceInfo, () => server.info);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Step 2 of 7: Address')).toBeTruthy();
  });

  it('shows a not-found text for an unknown order', async () => {
    api.answer(checkoutCalls.orderDetail, refuse('notFound'));
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
  });

  it('puts each step into the address: the history moves between the steps, and a step not reachable yet falls back', async () => {
    const router = renderCheckout();
    await heading('Step 1 of 7: Invoice info');
    await waitFor(() => expect(stepInAddress(router)).toBe('invoice-info'));
    type(/^Company name/, 'Acme AG');
    next();
    await heading('Step 2 of 7: Address');
    expect(stepInAddress(router)).toBe('address');
    expect(router.state.historyAction).toBe('PUSH');

    // The browser's Back and Forward.
    act(() => void router.navigate(-1));
    const first = await heading('Step 1 of 7: Invoice info');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect((screen.getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Acme AG');
    act(() => void router.navigate(1));
    const second = await heading('Step 2 of 7: Address');
    await waitFor(() => expect(document.activeElement).toBe(second));

    // The page's own Back goes back in the history too.
    type(/^Street and number/, 'Bahnhofstrasse 1');
    type(/^Postal code/, '8001');
    type(/^City/, 'Zürich');
    next();
    await heading('Step 3 of 7: Billing address');
    const before = router.state.location.key;
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Step 2 of 7: Address');
    expect(router.state.historyAction).toBe('POP');
    act(() => void router.navigate(1));
    await heading('Step 3 of 7: Billing address');
    expect(router.state.location.key).toBe(before);
  });

  it('shows the first open step instead of one not reachable yet, and writes it into the address', async () => {
    server.info = invoiceInfo({ company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' }, step: 1 });
    const router = renderCheckout('en-US', '?step=review');
    await heading('Step 2 of 7: Address');
    await waitFor(() => expect(stepInAddress(router)).toBe('address'));
    expect(router.state.historyAction).toBe('REPLACE');

    // The confirmation needs the terms agreed to: without them, the review.
    cleanup();
    server.info = savedInfo(4);
    const again = renderCheckout('en-US', '?step=confirmation');
    await heading('Step 5 of 7: Review order');
    await waitFor(() => expect(stepInAddress(again)).toBe('review'));
  });

  it('sends a step changed but not saved back to it when the visitor goes forward in the history', async () => {
    server.info = savedInfo(1);
    const router = renderCheckout('en-US', '?step=address');
    await heading('Step 2 of 7: Address');
    next();
    await heading('Step 3 of 7: Billing address');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Step 2 of 7: Address');
    type(/^City/, 'Winterthur');
    act(() => void router.navigate(1));
    // Forward would skip saving the new city: the address step stays until Next saves it.
    await waitFor(() => expect(stepInAddress(router)).toBe('address'));
    expect(screen.getByRole('heading', { level: 2, name: 'Step 2 of 7: Address' })).toBeTruthy();
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Winterthur');
  });

  it('keeps what was typed and the ticked terms box over a reload, never the captcha solution', async () => {
    server.info = savedInfo(3);
    server.info.contact = { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' };
    renderCheckout('en-US', '?step=contact');
    await heading('Step 4 of 7: Contact details');
    type(/^First name/, 'Anna');
    type(/^E-mail address/, 'anna@acme.ch');

    // A reload: the same address, a new page.
    cleanup();
    renderCheckout('en-US', '?step=contact');
    await heading('Step 4 of 7: Contact details');
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText(/^E-mail address/) as HTMLInputElement).value).toBe('anna@acme.ch');
    type(/^Last name/, 'Muster');
    type(/^Number/, '44 668 18 00');
    next();
    await heading('Step 5 of 7: Review order');
    fireEvent.click(screen.getByLabelText(/I have read and agree/));

    cleanup();
    renderCheckout('en-US', '?step=review');
    await heading('Step 5 of 7: Review order');
    expect((screen.getByLabelText(/I have read and agree/) as HTMLInputElement).checked).toBe(true);
    next();
    await heading('Step 6 of 7: Order confirmation');
    fireEvent.click(within(await screen.findByTestId('captcha')).getByRole('button', { name: 'solve captcha' }));
    expect((screen.getByRole('button', { name: 'Place order and pay' }) as HTMLButtonElement).disabled).toBe(false);
    expect(sessionStorage.getItem(`checkout-draft:${orderId}`)).not.toContain('solution');

    cleanup();
    renderCheckout('en-US', '?step=confirmation');
    await heading('Step 6 of 7: Order confirmation');
    // The terms stay agreed; the captcha is to be solved again.
    expect(screen.queryByLabelText(/I have read and agree/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Place order and pay' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("defaults the address country to the visitor's, while a saved country wins, for the phone too", async () => {
    server.visitorCountry = { code: 'DE', name: 'Germany', phoneCode: '+49' };
    server.info = invoiceInfo({ company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' }, step: 1 });
    renderCheckout();
    await heading('Step 2 of 7: Address');
    await waitFor(() => expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('DE'));

    cleanup();
    forgetLoadedFormData();
    server.info = { ...savedInfo(3), contact: { firstName: 'Anna', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' } };
    renderCheckout('en-US', '?step=contact');
    await heading('Step 4 of 7: Contact details');
    // The address was saved as Swiss: the phone follows it, not the visitor's German guess.
    await waitFor(() => expect((screen.getByLabelText(/^Country code/) as HTMLSelectElement).value).toBe('CH'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await heading('Step 2 of 7: Address');
    // Saved as Swiss: the visitor's country does not overwrite it.
    expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('CH');
  });

  it.each([
    ['fails', refuse('internal')],
    ['answers a country the list does not have', { code: 'XX', name: '', phoneCode: '' }],
  ])('leaves the country empty and required when the geolocation %s', async (_case, answer) => {
    server.visitorCountry = answer;
    server.info = invoiceInfo({ company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' }, step: 1 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    await heading('Step 2 of 7: Address');
    const country = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    await waitFor(() => expect(within(country).getAllByRole('option').length).toBeGreaterThan(1));
    expect(country.value).toBe('');
    expect(country.required).toBe(true);
    type(/^Street and number/, 'Bahnhofstrasse 1');
    type(/^Postal code/, '8001');
    type(/^City/, 'Zürich');
    next();
    await waitFor(() => expect(country.getAttribute('aria-invalid')).toBe('true'));
    const error = screen.getByText('Please choose a country.');
    expect(country.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(document.activeElement).toBe(country);
    expect(server.puts).toEqual([]);

    fireEvent.change(country, { target: { value: 'CH' } });
    expect(country.getAttribute('aria-invalid')).toBeNull();
    next();
    await heading('Step 3 of 7: Billing address');
    expect(server.puts[0]).toMatchObject({ address: { countryCode: 'CH' } });
  });

  it('asks for the country in German too', async () => {
    server.visitorCountry = refuse('internal');
    server.info = invoiceInfo({ company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' }, step: 1 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout('de-CH');
    await heading('Schritt 2 von 7: Adresse');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte wählen Sie ein Land.')).toBeTruthy();
  });

  it('shows the order beside every step, open on a wide screen and collapsed on a small one', async () => {
    server.info = savedInfo(0);
    renderCheckout();
    await heading('Step 1 of 7: Invoice info');
    const summary = screen.getByRole('complementary', { name: 'Your order' });
    expect(within(summary).getByRole('heading', { level: 2, name: 'Your order' })).toBeTruthy();
    const details = summary.querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    const rows = within(within(summary).getByRole('table', { name: 'Your trainings' })).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(summary).getByText('VAT 8.1 %')).toBeTruthy();
    expect(within(summary).getByTestId('order-gross').textContent).toBe('54.05 CHF');
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    next();
    await heading('Step 2 of 7: Address');
    expect(screen.getByRole('complementary', { name: 'Your order' })).toBeTruthy();

    // Before a billing country is saved, VAT is not known yet: the net total, and why.
    cleanup();
    server.info = invoiceInfo();
    renderCheckout();
    await heading('Step 1 of 7: Invoice info');
    const early = screen.getByRole('complementary', { name: 'Your order' });
    expect(within(early).getByTestId('order-net').textContent).toBe('50.00 CHF');
    expect(within(early).getByTestId('order-per-month').textContent).toBe('50.00 CHF');
    expect(within(early).queryByTestId('order-gross')).toBeNull();
    expect(within(early).getByText('VAT is added according to your billing address once you have given it.')).toBeTruthy();
    expect(within(early).getByRole('row', { name: /Cyber security basics/ }).textContent).toContain('10 seats · per month, minimum term 12 months');

    // A small screen: collapsed, its toggle naming the total.
    cleanup();
    server.info = savedInfo(4);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    renderCheckout('en-US', '?step=review');
    await heading('Step 5 of 7: Review order');
    const small = screen.getByRole('complementary', { name: 'Your order' }).querySelector('details') as HTMLDetailsElement;
    expect(small.open).toBe(false);
    const toggle = small.querySelector('summary') as HTMLElement;
    expect(toggle.textContent).toContain('Trainings and amounts');
    expect(toggle.textContent).toContain('54.05 CHF');
    small.open = true;
    fireEvent(small, new Event('toggle'));
    await waitFor(() => expect(small.open).toBe(true));
  });

  it('sends the checkout of a cart without an ACTIVE line to the cart page, which says why', async () => {
    server.detail = orderDetail({ items: orderDetail().items.map((item) => ({ ...item, status: 'REMOVED' as const })) });
    const router = renderCheckout();
    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/orders/${orderId}/shopping-cart`);
    expect(isEmptyCheckoutState(router.state.location.state)).toBe(true);
    expect(server.puts).toEqual([]);
  });

  it('says so at the confirmation when the server refuses the order for an empty cart', async () => {
    server.info = savedInfo(5);
    sessionStorage.setItem(`checkout-draft:${orderId}`, JSON.stringify({ agreed: true }));
    renderCheckout();
    await heading('Step 6 of 7: Order confirmation');
    fireEvent.click(within(await screen.findByTestId('captcha')).getByRole('button', { name: 'solve captcha' }));
    server.checkoutAnswer = () => {
      // The line was removed in another tab.
      server.detail = orderDetail({ items: orderDetail().items.map((item) => ({ ...item, status: 'REMOVED' as const })) });
      return refuse('conflict', inEveryLanguage({ 'en-US': 'The shopping cart has no training to order.', 'de-CH': 'Im Warenkorb ist kein Training zum Bestellen.' }));
    };
    fireEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));
    const alert = (await screen.findByText('Your shopping cart is empty: there is nothing to order. Please add a training in the shopping cart first.')).closest(
      '[role="alert"]',
    );
    expect(alert).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(within(alert as HTMLElement).getByRole('link', { name: 'Back to the shopping cart' }).getAttribute('href')).toBe(`/orders/${orderId}/shopping-cart`);
    expect(screen.getByRole('heading', { level: 2, name: 'Step 6 of 7: Order confirmation' })).toBeTruthy();
    expect(document.cookie).toContain('shopping_cart');
  });
});
