// @vitest-environment jsdom
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { billingCalls } from '#shared/contract/billing.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import type { Language } from '#shared/locales.ts';
import { renderBackOffice } from '../../../../tests/helpers/back-office.tsx';
import { installFakeApi } from '../../../../tests/helpers/fake-api.ts';
import { BillingFigures } from './billing-figures.tsx';
import { OrderInvoices } from './order/order-invoices.tsx';

configure({ asyncUtilTimeout: 5000 });

const orderId = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
const invoiceId = '7e0c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d60';
const api = installFakeApi();
afterEach(() => cleanup());

function show(element: React.ReactElement, language: Language = 'en-US') {
  renderBackOffice([{ path: '/', element }], '/', language);
}

describe('the billing figures of the dashboard', () => {
  it('shows the overdue orders, the recurring revenue per currency with its change and the renewals to come', async () => {
    api.answer(billingCalls.billingOverview, {
      overdueOrders: 3,
      monthlyRecurringRevenue: [{ currency: 'CHF', amount: 4900, lastMonth: 4410, change: 490 }],
      upcomingRenewals: [{ orderId, number: '2026-000042', company: 'Muster AG', periodStart: '2026-12-15', amount: 49, currency: 'CHF' }],
    });
    show(<BillingFigures />);
    expect((await screen.findByTestId('overdue-orders')).textContent).toContain('3');
    const mrr = screen.getByRole('region', { name: 'Monthly recurring revenue' });
    expect(within(mrr).getAllByRole('row')[1]?.textContent).toMatch(/CHF.*4.900.*\+.*490/);
    const renewals = screen.getByRole('region', { name: 'Renewals in the next 30 days' });
    expect(within(renewals).getByRole('link', { name: '2026-000042' }).getAttribute('href')).toBe(`/orders/${orderId}`);
    expect(within(renewals).getAllByRole('row')[1]?.textContent).toContain('Muster AG');
    // Amounts of several currencies share the column: each names its own.
    expect(within(renewals).getAllByRole('row')[1]?.textContent).toContain('49.00 CHF');
  });
});

describe("an order's invoices in the back office", () => {
  it('lists each invoice with its PDF, period, amounts, status and reminders, and its credit notes, in Swiss German', async () => {
    api.answer(staffCalls.me, { id: invoiceId, email: 'eva@example.ch', name: 'Eva', role: 'editor', secondFactorEnabled: false, secondFactorRequired: false });
    api.answer(billingCalls.adminOrderInvoices, {
      invoices: [
        {
          id: invoiceId,
          number: 'INV-2026-000007',
          kind: 'INVOICE',
          periodFirstDay: '2026-02-28',
          periodLastDay: '2026-03-30',
          issuedOn: '2026-02-28',
          dueOn: '2026-03-30',
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
          status: 'OVERDUE',
          remindersSent: 2,
          lines: [],
        },
        {
          id: '7e0c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d61',
          number: 'CN-2026-000008',
          kind: 'CREDIT_NOTE',
          periodFirstDay: null,
          periodLastDay: null,
          issuedOn: '2026-03-02',
          dueOn: '2026-03-02',
          currency: 'CHF',
          net: -9.25,
          vatAmount: -0.75,
          vatRate: 8.1,
          gross: -10,
          paid: 0,
          credited: 0,
          refunded: 0,
          toRefund: 0,
          credits: 'INV-2026-000007',
          open: 0,
          status: 'ISSUED',
          remindersSent: 0,
          lines: [],
        },
      ],
      open: 52.97,
      currency: 'CHF',
    });
    show(<OrderInvoices orderId={orderId} xrechnung />, 'de-CH');
    const section = await screen.findByRole('region', { name: 'Rechnungen' });
    expect(within(section).getByRole('link', { name: 'INV-2026-000007' }).getAttribute('href')).toBe(`/api/orders/admin/${orderId}/invoices/${invoiceId}/pdf`);
    // The buyer gave a reference: each invoice as XRechnung too.
    expect(within(section).getByRole('link', { name: 'XML INV-2026-000007' }).getAttribute('href')).toBe(`/api/orders/admin/${orderId}/invoices/${invoiceId}/xrechnung`);
    const row = within(section).getAllByRole('row')[1]?.textContent ?? '';
    expect(row).toContain('Überfällig');
    expect(row).toContain('Mahnungen gesendet: 2');
    // Editors credit an invoice from its row; a credit note names the invoice it credits.
    expect(within(section).getByRole('button', { name: 'Gutschrift zur Rechnung INV-2026-000007' })).toBeTruthy();
    const credit = within(section).getAllByRole('row')[2]?.textContent ?? '';
    expect(credit).toContain('Gutschrift zu INV-2026-000007');
    expect(credit).toContain('-10.00');
    expect(within(section).getAllByRole('button', { name: /^Gutschrift zur Rechnung/ })).toHaveLength(1);
    expect(within(section).getByTestId('invoices-open').textContent).toContain('Insgesamt offen');
  });
});
