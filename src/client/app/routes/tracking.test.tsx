// @vitest-environment jsdom
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingCalls } from '#shared/contract/billing.ts';
import { checkoutCalls } from '#shared/contract/checkout.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import type { OrderDetail, StatusInfo } from '#shared/schemas/checkout.ts';
import type { OrderInvoices } from '#shared/schemas/invoices.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { installFakeApi, refuse } from '../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../tests/helpers/languages.ts';
import TrackingPage from './tracking.tsx';

const orderId = '0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e';
const emptyAddress = { street: '', additionalAddressLine: '', zip: '', city: '', state: '', country: '', countryCode: '' };

const detail: OrderDetail = {
  id: orderId,
  number: 'CSA-2026-0042',
  status: 'INVOICED',
  currency: 'EUR',
  language: 'en-US',
  orderedAt: '2026-11-21T09:30:00Z',
  items: [
    {
      id: '1d2c3b4a-0000-4000-8000-000000000001',
      productCode: 'cyber_security_training_foundation_v1',
      product: {
        code: 'cyber_security_training_foundation_v1',
        tier: 'foundation',
        title: 'Foundation',
        translations: inEveryLanguage({ 'en-US': { title: 'Security foundation', description: '' }, 'de-CH': { title: 'Sicherheits-Fundament', description: '' } }),
      },
      quantity: 25,
      periodMonths: null,
      unitPrice: 120,
      totalPrice: 3000,
      status: 'ACTIVE',
      paymentFrequency: 'ONE_TIME',
    },
  ],
  totals: { net: 3000, vatRate: 0, vatAmount: 0, gross: 3000, vatKind: 'REVERSE_CHARGE', perMonth: null },
  invoiceInfo: {
    company: { name: 'Beispiel GmbH', vatNumber: 'DE123456789', buyerReference: '', purchaseOrderNumber: '' },
    address: { ...emptyAddress },
    invoiceAddressSameAsAddress: true,
    invoiceAddress: { ...emptyAddress },
    contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.de', phoneCountryCode: 'DE', phoneNumber: '30 1234' },
    step: 6,
    vatNumberRequired: true,
    complete: true,
  },
  details: { shoppingCart: false, status: 'INVOICED' },
};

const statusInfo: StatusInfo = {
  status: 'INVOICED',
  number: 'CSA-2026-0042',
  milestones: [
    { id: 'ordered', reached: true, at: '2026-11-21T09:30:00Z' },
    { id: 'inProgress', reached: true, at: '2026-11-22T08:00:00Z' },
    { id: 'invoiced', reached: true, at: '2026-11-23T10:15:00Z' },
    { id: 'paid', reached: false, at: null },
    { id: 'completed', reached: false, at: null },
  ],
  exception: null,
  endsOn: null,
};

const invoiceId = '7e0c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d60';
const creditNoteId = '7e0c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d61';
const invoices: OrderInvoices = {
  invoices: [
    {
      id: invoiceId,
      number: 'INV-2026-000042',
      kind: 'INVOICE',
      periodFirstDay: null,
      periodLastDay: null,
      issuedOn: '2026-11-23',
      dueOn: '2026-12-23',
      currency: 'EUR',
      net: 3000,
      vatAmount: 0,
      vatRate: 0,
      gross: 3000,
      paid: 0,
      credited: 500,
      refunded: 0,
      toRefund: 0,
      credits: null,
      open: 2500,
      status: 'OPEN',
      remindersSent: 0,
      lines: [],
    },
    {
      id: creditNoteId,
      number: 'CN-2026-000043',
      kind: 'CREDIT_NOTE',
      periodFirstDay: null,
      periodLastDay: null,
      issuedOn: '2026-11-25',
      dueOn: '2026-11-25',
      currency: 'EUR',
      net: -500,
      vatAmount: 0,
      vatRate: 0,
      gross: -500,
      paid: 0,
      credited: 0,
      refunded: 0,
      toRefund: 0,
      credits: 'INV-2026-000042',
      open: 0,
      status: 'ISSUED',
      remindersSent: 0,
      lines: [],
    },
  ],
  open: 2500,
  currency: 'EUR',
};

// A cold run (first transform of the page's modules) can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const api = installFakeApi();

beforeEach(() => {
  api.answer(checkoutCalls.orderDetail, detail);
  api.answer(checkoutCalls.statusInfo, statusInfo);
  api.answer(billingCalls.orderInvoices, invoices);
});

afterEach(() => {
  cleanup();
});

function renderTracking(language: Language = 'en-US') {
  const router = createMemoryRouter([{ path: '/orders/:orderId/tracking', element: <TrackingPage /> }], {
    initialEntries: [`/orders/${orderId}/tracking`],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('tracking page', () => {
  it('shows the number, the date ordered, the milestones reached or not, the amounts and the invoices with what is open', async () => {
    renderTracking();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order CSA-2026-0042' })).toBeTruthy();
    expect(screen.getByText(formatDateTime('2026-11-21T09:30:00Z', 'en-US'))).toBeTruthy();
    expect(screen.getByText(/^21 Nov 2026, \d{2}:\d{2} CET \(UTC\+1\)$/, { selector: 'dd' })).toBeTruthy();

    const progress = screen.getByRole('region', { name: 'Where your order is' });
    const milestones = within(progress).getAllByRole('listitem');
    expect(milestones.map((item) => item.querySelector('.tracking-milestone__name')?.textContent)).toEqual([
      'Ordered',
      'Seats being set up',
      'Invoiced',
      'Paid',
      'Completed',
    ]);
    expect(milestones[2]?.textContent).toContain(`Done on ${formatDateTime('2026-11-23T10:15:00Z', 'en-US')}`);
    expect(milestones[3]?.textContent).toContain('Not yet');
    expect(milestones.filter((item) => item.classList.contains('tracking-milestone--reached'))).toHaveLength(3);

    const table = screen.getByRole('table', { name: 'Trainings of order CSA-2026-0042' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Security foundation');
    expect(screen.getByText('VAT 0 %')).toBeTruthy();
    expect(screen.getByText(/Reverse charge/)).toBeTruthy();
    expect(screen.getByTestId('order-gross').textContent).toBe('3 000,00 EUR');
    const invoiceList = await screen.findByRole('region', { name: 'Invoices' });
    expect(within(invoiceList).getByRole('link', { name: 'INV-2026-000042 (PDF)' }).getAttribute('href')).toBe(`/api/orders/${orderId}/invoices/${invoiceId}/pdf`);
    expect(within(invoiceList).getAllByRole('row')[1]?.textContent).toContain('Open');
    // A credit note is listed with its own PDF, the invoice it credits and its amount; what is open falls by it.
    expect(within(invoiceList).getByRole('link', { name: 'CN-2026-000043 (PDF)' }).getAttribute('href')).toBe(`/api/orders/${orderId}/invoices/${creditNoteId}/pdf`);
    expect(within(invoiceList).getAllByRole('row')[2]?.textContent).toContain('Credit note for invoice INV-2026-000042');
    expect(within(invoiceList).getAllByRole('row')[2]?.textContent).toContain('-500,00 EUR');
    // Without the buyer's reference no XRechnung.
    expect(within(invoiceList).queryByRole('link', { name: /XML/ })).toBeNull();
    expect(screen.getByTestId('invoices-open').textContent).toBe('Open in total: 2 500,00 EUR');
    // Under the invoices, folded: what their PDFs carry and whom to ask.
    const formats = within(invoiceList).getByText('About these invoices: e-invoice and QR-bill').closest('details')!;
    expect(formats.textContent).toContain('Factur-X / ZUGFeRD (European standard EN 16931)');
    expect(within(formats).getByRole('link', { name: 'billing@cybersafe-academy.example' }).getAttribute('href')).toBe('mailto:billing@cybersafe-academy.example');
    // Not a monthly plan: no notice to give.
    expect(screen.queryByRole('region', { name: 'Notice' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All your orders and invoices: your account' }).getAttribute('href')).toBe('/account');
  });

  it('offers each invoice as XRechnung when the buyer gave a reference (a Leitweg-ID)', async () => {
    api.answer(checkoutCalls.orderDetail, { ...detail, invoiceInfo: { ...detail.invoiceInfo, company: { ...detail.invoiceInfo.company, buyerReference: '04011000-12345-06' } } });
    renderTracking('de-CH');
    const invoiceList = await screen.findByRole('region', { name: 'Rechnungen' });
    // In its column, and under the number where a phone's narrow screen folds the column away.
    const links = within(invoiceList).getAllByRole('link', { name: 'INV-2026-000042 (XML)' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/api/orders/${orderId}/invoices/${invoiceId}/xrechnung`, `/api/orders/${orderId}/invoices/${invoiceId}/xrechnung`]);
    expect(within(invoiceList).getByRole('columnheader', { name: 'XRechnung' })).toBeTruthy();
  });

  it("shows a credit note's refund to the buyer: what was refunded and what still will be", async () => {
    const [first, note] = invoices.invoices;
    api.answer(billingCalls.orderInvoices, { ...invoices, invoices: [{ ...first!, paid: 3000, open: 0, status: 'PAID' }, { ...note!, refunded: 200, toRefund: 300 }] });
    renderTracking('de-CH');
    const invoiceList = await screen.findByRole('region', { name: 'Rechnungen' });
    expect(within(invoiceList).getAllByRole('row')[2]?.textContent).toContain('Gutschrift · Ihnen zurückerstattet: 200,00 EUR · Ihnen noch zurückzuerstatten: 300,00 EUR');
    expect(within(invoiceList).getAllByRole('row')[1]?.textContent).not.toContain('zurück');
  });

  it('speaks Swiss German and shows an exception status', async () => {
    api.answer(checkoutCalls.statusInfo, { ...statusInfo, status: 'CANCELED', exception: 'CANCELED' });
    renderTracking('de-CH');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung CSA-2026-0042' })).toBeTruthy();
    expect(screen.getByText('Diese Bestellung wurde storniert.')).toBeTruthy();
    expect(screen.getByText('Storniert')).toBeTruthy();
    expect(screen.getByText(formatDateTime('2026-11-21T09:30:00Z', 'de-CH'))).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Wo Ihre Bestellung steht' })).toBeTruthy();
    expect(screen.getByText('Sicherheits-Fundament')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Rechnungen' })).toBeTruthy();
    expect(screen.getByTestId('invoices-open').textContent).toContain('Insgesamt offen');
    expect(screen.getAllByText('Gutschrift zur Rechnung INV-2026-000042').length).toBeGreaterThan(0);
    expect(screen.getByText('Zu diesen Rechnungen: E-Rechnung und QR-Rechnung').closest('details')?.textContent).toContain('Schweizer QR-Rechnung');
  });

  it('shows a not-found text when the order does not exist', async () => {
    api.answer(checkoutCalls.orderDetail, refuse('notFound'));
    api.answer(checkoutCalls.statusInfo, refuse('notFound'));
    renderTracking();
    expect(await screen.findByText('This order does not exist. Please check the link.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
  });

  it('lets the customer of a monthly plan ask to give notice, which a mailed link confirms', async () => {
    const monthly = { ...detail, status: 'ACTIVE' as const, items: detail.items.map((item) => ({ ...item, paymentFrequency: 'MONTHLY' as const, periodMonths: 12 })) };
    api.answer(checkoutCalls.orderDetail, monthly);
    api.answer(checkoutCalls.statusInfo, { ...statusInfo, status: 'ACTIVE' });
    api.answer(billingCalls.requestNotice, { effectiveFrom: '2027-11-23', sentTo: 'a…@example.de' });
    renderTracking();
    const notice = await screen.findByRole('region', { name: 'Notice' });
    within(notice).getByRole('button', { name: 'Give notice' }).click();
    expect(await within(notice).findByText(/We sent a confirmation link to a…@example\.de\. Once confirmed, the plan ends on/)).toBeTruthy();
    expect(api.requests(billingCalls.requestNotice)).toHaveLength(1);
  });
});
