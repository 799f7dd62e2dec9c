// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { dateRange } from '#shared/schemas/dates.ts';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import type { Language } from '#shared/locales.ts';
import type { OrderAction } from '#shared/orders.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { installFakeApi, refuseFields } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import { ActionDialog } from './action-dialog.tsx';

configure({ asyncUtilTimeout: 5000 });

const api = installFakeApi();

afterEach(() => {
  cleanup();
});

/** The part of an order the payment dialog reads. */
const order = {
  detail: { id: '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b', number: '2026-000042' },
  currency: 'CHF',
  received: '2026-11-20T09:30:00.000Z',
  amountDue: 52.97,
  totalAmountPaid: 0,
} as AdminOrder;

function renderDialog(language: Language, action: OrderAction = 'PAY', shown: AdminOrder = order) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadBackOfficeCatalogue}>
        <ActionDialog order={shown} action={action} onClose={() => {}} onDone={vi.fn()} onConflict={() => {}} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the payment dialog', () => {
  it('offers the days from the order to today, and shows a refused day at the date field', async () => {
    const refusal = inEveryLanguage({
      'en-US': 'The date must not be before the day the order was placed (2026-11-20).',
      'de-CH': 'Das Datum darf nicht vor dem Tag liegen, an dem die Bestellung aufgegeben wurde (2026-11-20).',
    });
    api.answer(orderAdminCalls.payOrder, refuseFields([{ field: 'date', code: 'tooSmall', messagesByLanguage: refusal }]));
    renderDialog('de-CH');
    const date = (await screen.findByLabelText(/^Bezahlt am/)) as HTMLInputElement;
    expect(date.min).toBe('2026-11-20');
    fireEvent.change(date, { target: { value: '2026-11-19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));

    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = date.getAttribute('aria-describedby') ?? '';
    const errorText = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(errorText).toContain(refusal['de-CH']);
    expect(api.requests(orderAdminCalls.payOrder).map(({ body }) => body)).toEqual([{ amount: 52.97, date: '2026-11-19' }]);
  });

  it('refuses a day outside the range the API takes before sending it', async () => {
    renderDialog('en-US');
    const date = (await screen.findByLabelText(/^Paid on/)) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '1999-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record a payment' }));
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${date.id}-error`)?.textContent).toBe(`Please enter a date between the years ${dateRange.first.slice(0, 4)} and ${dateRange.last.slice(0, 4)}.`);
    expect(api.requests(orderAdminCalls.payOrder)).toEqual([]);
  });
});

/** A monthly plan of 10 seats started by a payment on 31 January, renewed once, under notice until 31 January 2028. */
const plan = {
  detail: {
    id: '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b',
    number: '2026-000042',
    totals: { net: 49, vatRate: 8.1, vatAmount: 3.97, gross: 52.97, vatKind: 'SWISS_VAT', perMonth: { net: 49, vatAmount: 3.97, gross: 52.97 } },
    invoiceInfo: { contact: { firstName: 'Jonas', lastName: 'Becker', email: 'ap@muster.example', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' } },
  },
  currency: 'CHF',
  received: '2026-01-20T09:30:00.000Z',
  amountDue: 0,
  totalAmountPaid: 105.94,
  terminatedFrom: '2028-01-31',
  history: [
    { kind: 'TRANSITION', at: '2026-02-28T05:00:00.000Z', action: 'RENEW', from: 'ACTIVE', to: 'ACTIVE', who: 'system', data: { amountDue: 52.97, periodStart: '2026-02-28', periodEnd: '2026-03-31' } },
    { kind: 'TRANSITION', at: '2026-01-31T09:00:00.000Z', action: 'PAY', from: 'INVOICED', to: 'ACTIVE', who: 'anna@example.ch', data: { amount: 52.97, date: '2026-01-31', periodStart: '2026-01-31', periodEnd: '2026-02-28' } },
  ],
} as unknown as AdminOrder;

describe('the dialogs of actions that bill and mail', () => {
  it('INVOICE names the amount and who gets the PDF', async () => {
    renderDialog('en-US', 'INVOICE', plan);
    expect(await screen.findByText('Its invoice of 52.97 CHF is issued now and mailed as a PDF with a QR-bill to ap@muster.example.')).toBeTruthy();
  });

  it('RENEW names the period the billing job would bill next, its amount and the recipient', async () => {
    renderDialog('de-CH', 'RENEW', plan);
    expect(await screen.findByText(/verrechnet 31\. März 2026 – 29\. Apr\. 2026 sofort: Eine Rechnung über 52\.97 CHF wird ausgestellt und an ap@muster\.example gesendet/)).toBeTruthy();
  });

  it('TERMINATE before the notice takes effect is "Terminate early", and asks why', async () => {
    renderDialog('en-US', 'TERMINATE', plan);
    expect(await screen.findByText(/ends on Jan 31, 2028|ends on 31 Jan 2028/)).toBeTruthy();
    const reason = screen.getByLabelText(/^Why it ends early/) as HTMLTextAreaElement;
    expect(reason.required).toBe(true);
    expect(screen.getByRole('button', { name: 'Terminate early' })).toBeTruthy();
  });
});
