// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '#shared/contract/account.ts';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import { seatChangeCalls } from '#shared/contract/seat-changes.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import type { Language } from '#shared/locales.ts';
import type { AccountOrders } from '#shared/schemas/account.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { installFakeApi, refuse, refuseFields } from '../../../../../tests/helpers/fake-api.ts';
import AccountPage from './account-page.tsx';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <button type="button" onClick={() => props.onSolved('solution')}>
      solve captcha
    </button>
  ),
}));

configure({ asyncUtilTimeout: 5000 });
const api = installFakeApi();
afterEach(() => {
  cleanup();
});

const orderId = '0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e';
const invoiceId = '7e0c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d60';
const signedIn: AccountOrders = {
  email: 'anna@muster.example',
  orders: [
    {
      id: orderId,
      number: 'CSA-2026-0042',
      status: 'ACTIVE',
      orderedAt: '2026-11-21T09:30:00Z',
      currency: 'CHF',
      total: 52.97,
      invoices: {
        invoices: [
          {
            id: invoiceId,
            number: 'INV-2026-000042',
            kind: 'INVOICE',
            periodFirstDay: null,
            periodLastDay: null,
            issuedOn: '2026-11-23',
            dueOn: '2026-12-23',
            currency: 'CHF',
            net: 49,
            vatAmount: 3.97,
            vatRate: 8.1,
            gross: 52.97,
            paid: 0,
            credited: 0,
            refunded: 0,
            toRefund: 0,
            credits: null,
            open: 52.97,
            status: 'OPEN',
            remindersSent: 0,
            lines: [],
          },
        ],
        open: 52.97,
        currency: 'CHF',
      },
      plan: { seats: 10, nextRenewalOn: '2026-12-23', monthlyNet: 49, minimumTermEndsOn: '2027-11-22', endsOn: null, pendingSeats: null },
      billing: {
        company: { name: 'Muster AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
        invoiceAddress: { street: 'Bahnhofstrasse 10', additionalAddressLine: '', zip: '8001', city: 'Zürich', state: '', country: 'Switzerland', countryCode: 'CH' },
        contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@muster.example', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
      },
    },
  ],
};

function renderAccount(language: Language = 'en-US', address = '/account') {
  const router = createMemoryRouter(
    [
      { path: '/account', element: <AccountPage /> },
      { path: '/orders/:orderId/tracking', element: <p>tracking</p> },
    ],
    { initialEntries: [address] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the account page', () => {
  it('signed out, says why the link opened nothing and mails a new one in the page’s language', async () => {
    api.answer(accountCalls.accountOrders, refuse('unauthorized'));
    api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
    api.answer(accountCalls.requestSignInLink, { messages: [{ translations: translateAll('account.signInLink.sent', { email: 'anna@muster.example' }) }] });
    renderAccount('de-CH', '/account?link=expired');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Dieser Anmeldelink ist abgelaufen: Er ist 30 Minuten lang gültig. Fordern Sie unten einen neuen an.');
    fireEvent.change(screen.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'anna@muster.example' } });
    fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldelink per E-Mail senden' }));
    expect(await screen.findByText(/ist ein Anmeldelink dorthin unterwegs/)).toBeTruthy();
    expect(api.requests(accountCalls.requestSignInLink)[0]?.body).toMatchObject({ email: 'anna@muster.example', language: 'de-CH', captchaSolution: 'solution' });
  });

  it('signed in, lists the orders with their invoices, what is open, the plan and the tracking link, and signs out', async () => {
    let signedOut = false;
    api.answer(accountCalls.accountOrders, () => (signedOut ? refuse('unauthorized') : signedIn));
    api.answer(accountCalls.signOut, () => {
      signedOut = true;
      return undefined;
    });
    api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
    renderAccount();
    const order = await screen.findByRole('article', { name: 'Order CSA-2026-0042' });
    expect(screen.getByText('Signed in as anna@muster.example')).toBeTruthy();
    expect(within(order).getByText('Active')).toBeTruthy();
    expect(within(order).getByRole('link', { name: 'INV-2026-000042 (PDF)' }).getAttribute('href')).toBe(`/api/orders/${orderId}/invoices/${invoiceId}/pdf`);
    expect(within(order).getByText(/^Open in total: 52[.,]97 CHF$/)).toBeTruthy();
    const plan = within(order).getByRole('region', { name: 'Monthly plan' });
    expect(within(plan).getByText('10')).toBeTruthy();
    expect(within(plan).getByText(/49[.,]00 CHF net/)).toBeTruthy();
    expect(within(order).getByRole('link', { name: 'Track order CSA-2026-0042' }).getAttribute('href')).toBe(`/orders/${orderId}/tracking`);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.requests(accountCalls.signOut)).toHaveLength(1);
  });

  it('changes the billing details for future invoices: the server’s field errors at their fields, then the new details', async () => {
    let current = signedIn;
    api.answer(accountCalls.accountOrders, () => current);
    api.answer(geoCalls.countries, [
      { code: 'CH', name: 'Schweiz', phoneCode: '+41' },
      { code: 'DE', name: 'Deutschland', phoneCode: '+49' },
    ]);
    let refused = false;
    api.answer(accountCalls.changeBillingDetails, ({ body }) => {
      if (!refused) {
        refused = true;
        return refuseFields([{ field: 'company.vatNumber', code: 'required', messagesByLanguage: translateAll('error.checkout.vatNumberRequired') }]);
      }
      const billing = { ...signedIn.orders[0]!.billing, invoiceAddress: { ...signedIn.orders[0]!.billing.invoiceAddress, street: body.invoiceAddress.street } };
      current = { ...signedIn, orders: [{ ...signedIn.orders[0]!, billing }] };
      return billing;
    });
    renderAccount('de-CH');
    const order = await screen.findByRole('article', { name: 'Bestellung CSA-2026-0042' });
    const billing = within(order).getByRole('region', { name: 'Rechnungsangaben für künftige Rechnungen' });
    expect(within(billing).getByText('Bahnhofstrasse 10')).toBeTruthy();
    fireEvent.click(within(billing).getByRole('button', { name: 'Rechnungsangaben von Bestellung CSA-2026-0042 ändern' }));

    fireEvent.change(await within(billing).findByLabelText(/^Strasse/), { target: { value: 'Bundesplatz 3' } });
    fireEvent.click(within(billing).getByRole('button', { name: 'Für künftige Rechnungen speichern' }));
    expect(await within(billing).findByText(/Bitte geben Sie die MWST-Nummer Ihres Unternehmens ein/)).toBeTruthy();
    fireEvent.click(within(billing).getByRole('button', { name: 'Für künftige Rechnungen speichern' }));
    expect(await within(billing).findByRole('status')).toHaveProperty('textContent', 'Gespeichert: Die nächste Rechnung dieser Bestellung wird mit diesen Angaben ausgestellt.');
    expect(await within(billing).findByText('Bundesplatz 3')).toBeTruthy();
    expect(api.requests(accountCalls.changeBillingDetails).at(-1)).toMatchObject({
      params: { orderId },
      body: { company: { name: 'Muster AG' }, invoiceAddress: { street: 'Bundesplatz 3', zip: '8001', countryCode: 'CH' }, contact: { email: 'anna@muster.example' } },
    });
  });

  it('changes the seats of a running plan in a dialog: the preview’s figures first, a problem at the field, then the change', async () => {
    let seats = 10;
    api.answer(accountCalls.accountOrders, () => ({ ...signedIn, orders: signedIn.orders.map((order) => ({ ...order, plan: order.plan && { ...order.plan, seats } })) }));
    api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
    const figures = (asked: number) => ({
      seats: asked,
      currentSeats: 10,
      kind: 'increase' as const,
      effective: '2026-11-29',
      prorated: { from: '2026-11-29', to: '2026-12-22', net: 196.8, vat: 15.94, gross: 212.74, currency: 'CHF' as const },
      nextPeriod: { from: '2026-12-23', net: 735, vat: 59.54, gross: 794.54 },
    });
    api.answer(seatChangeCalls.previewSeats, ({ body }) =>
      body.seats === 10 ? refuseFields([{ field: 'seats', code: 'invalid', messagesByLanguage: translateAll('error.seats.unchanged', { seats: 10 }) }]) : figures(body.seats),
    );
    api.answer(seatChangeCalls.changeSeats, ({ body }) => {
      seats = body.seats;
      return { ...figures(body.seats), invoice: { id: invoiceId, number: 'INV-2026-000043', gross: 212.74, dueOn: '2026-12-29' } };
    });
    renderAccount();
    const plan = within(await screen.findByRole('article', { name: 'Order CSA-2026-0042' })).getByRole('region', { name: 'Monthly plan' });
    fireEvent.click(within(plan).getByRole('button', { name: 'Change seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change seats' });
    const field = within(dialog).getByLabelText(/^Seats from now on/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show what it costs' }));
    expect(await within(dialog).findByText('The plan has 10 seats already: choose another number.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show what it costs' }));
    expect(await within(dialog).findByText(/^Invoice now for the added seats, .*212[.,]74 CHF in total\.$/)).toBeTruthy();
    expect(within(dialog).getByText(/each month: 735[.,]00 CHF net/)).toBeTruthy();
    expect(api.requests(seatChangeCalls.changeSeats)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to 15 seats' }));
    expect(await within(dialog).findByText(/^Invoice INV-2026-000043 of 212[.,]74 CHF is on its way by e-mail/)).toBeTruthy();
    expect(api.requests(seatChangeCalls.changeSeats)[0]?.body).toEqual({ seats: 15 });
    expect(await within(plan).findByText('15')).toBeTruthy();
  });

  it('shows a pending reduction with the action that withdraws it', async () => {
    api.answer(accountCalls.accountOrders, {
      ...signedIn,
      orders: signedIn.orders.map((order) => ({ ...order, plan: order.plan && { ...order.plan, pendingSeats: { seats: 4, from: '2026-12-23' } } })),
    });
    api.answer(seatChangeCalls.changeSeats, { seats: 10, currentSeats: 10, kind: 'withdrawal', effective: '2026-12-23', prorated: null, nextPeriod: { from: '2026-12-23', net: 490, vat: 39.69, gross: 529.69 }, invoice: null });
    renderAccount('de-CH');
    expect(await screen.findByText(/4 Sitzplätze \(Reduktion vorgemerkt\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reduktion zurückziehen' }));
    await vi.waitFor(() => expect(api.requests(seatChangeCalls.changeSeats)[0]?.body).toEqual({ seats: 10 }));
  });
});
