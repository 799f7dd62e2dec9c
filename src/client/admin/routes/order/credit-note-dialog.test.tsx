// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import { billingCalls } from '#shared/contract/billing.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import type { Language } from '#shared/locales.ts';
import type { InvoiceSummary, OrderInvoices } from '#shared/schemas/invoices.ts';
import { installFakeApi, refuseFields } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import { CreditNoteDialog } from './credit-note-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

configure({ asyncUtilTimeout: 5000 });

const api = installFakeApi();

afterEach(() => {
  cleanup();
});

const orderId = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';

/** Ten Basic seats a month (CHF 4.90) and three Foundation seats once (CHF 145.00), 8.1 % VAT: net 484.00, VAT 39.20, gross 523.20; one Foundation seat credited already. */
const invoice: InvoiceSummary = {
  id: '7a1c2e3f-4b5d-4c6e-8f9a-0b1c2d3e4f5a',
  number: 'INV-2026-000042',
  kind: 'INVOICE',
  periodFirstDay: null,
  periodLastDay: null,
  issuedOn: '2026-11-23',
  dueOn: '2026-12-23',
  currency: 'CHF',
  net: 484,
  vatAmount: 39.2,
  vatRate: 8.1,
  gross: 523.2,
  paid: 0,
  credited: 156.75,
  refunded: 0,
  toRefund: 0,
  credits: null,
  open: 366.45,
  status: 'OPEN',
  remindersSent: 0,
  lines: [
    { lineId: '1', title: 'Basic', seats: 10, unitPrice: 4.9, total: 49, creditedSeats: 0 },
    { lineId: '2', title: 'Foundation', seats: 3, unitPrice: 145, total: 435, creditedSeats: 1 },
  ],
};
const answered: OrderInvoices = { invoices: [invoice], open: 366.45, currency: 'CHF' };

function renderIn(language: Language, dialog: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadBackOfficeCatalogue}>
        {dialog}
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

const preview = () => ['net', 'vat', 'gross'].map((part) => screen.getByTestId(`credit-preview-${part}`).textContent);

describe('the credit-note dialog', () => {
  it('credits an amount: suggests what is left, previews net, VAT and gross by the VAT rule, and sends the amount with the reason', async () => {
    api.answer(billingCalls.issueCreditNote, answered);
    const onDone = vi.fn();
    renderIn('en-US', <CreditNoteDialog orderId={orderId} invoice={invoice} onClose={() => {}} onDone={onDone} />);
    const amount = (await screen.findByLabelText(/^Amount \(incl. VAT\)/)) as HTMLInputElement;
    expect(amount.value).toBe('366.45');
    fireEvent.change(amount, { target: { value: '10' } });
    expect(preview()).toEqual(['9.25 CHF', '0.75 CHF', '10.00 CHF']);
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Two seats were never used' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.requests(billingCalls.issueCreditNote).map(({ body }) => body)).toEqual([{ amount: 10, reason: 'Two seats were never used' }]);
  });

  it('credits seats per line: each line with the seats it has left, the preview of their net and its VAT, every line in the request', async () => {
    api.answer(billingCalls.issueCreditNote, answered);
    const onDone = vi.fn();
    renderIn('de-CH', <CreditNoteDialog orderId={orderId} invoice={invoice} onClose={() => {}} onDone={onDone} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Plätze pro Position' }));
    const basic = screen.getByLabelText(/^Position 1: Basic/) as HTMLInputElement;
    const foundation = screen.getByLabelText(/^Position 2: Foundation/) as HTMLInputElement;
    // The Foundation line had one of its three seats credited already.
    expect([basic.max, foundation.max]).toEqual(['10', '2']);
    expect(screen.getByText('Noch nichts gutzuschreiben.')).toBeTruthy();
    fireEvent.change(basic, { target: { value: '3' } });
    expect(preview()).toEqual(['14.70 CHF', '1.19 CHF', '15.89 CHF']);
    fireEvent.change(screen.getByLabelText(/^Grund/), { target: { value: 'Drei Plätze nie genutzt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gutschrift ausstellen' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.requests(billingCalls.issueCreditNote).map(({ body }) => body)).toEqual([
      { lines: [{ lineId: '1', seats: 3 }, { lineId: '2', seats: 0 }], reason: 'Drei Plätze nie genutzt' },
    ]);
  });

  it("shows the server's refusal of a line's seats at that line's input, and stays open", async () => {
    const refusal = inEveryLanguage({ 'en-US': 'At most 2 seats of this line are left to credit.', 'de-CH': 'Von dieser Position sind höchstens noch 2 Plätze gutzuschreiben.' });
    api.answer(billingCalls.issueCreditNote, refuseFields([{ field: 'lines.1.seats', code: 'tooBig', messagesByLanguage: refusal }]));
    const onDone = vi.fn();
    renderIn('en-US', <CreditNoteDialog orderId={orderId} invoice={invoice} onClose={() => {}} onDone={onDone} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Seats per line' }));
    const foundation = screen.getByLabelText(/^Line 2: Foundation/) as HTMLInputElement;
    fireEvent.change(foundation, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Goodwill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(foundation.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${foundation.id}-error`)?.textContent).toBe(refusal['en-US']);
    expect(onDone).not.toHaveBeenCalled();
  });
});

/** A credit note of 10.00 CHF on a paid invoice, 4.00 of it refunded already. */
const creditNote: InvoiceSummary = {
  ...invoice,
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  number: 'CN-2026-000043',
  kind: 'CREDIT_NOTE',
  net: -9.25,
  vatAmount: -0.75,
  gross: -10,
  paid: 0,
  credited: 0,
  refunded: 4,
  toRefund: 6,
  credits: invoice.number,
  open: 0,
  status: 'ISSUED',
  issuedOn: '2026-11-25',
  lines: [],
};

describe('the refund dialog', () => {
  it('suggests what is left to refund, offers the days from the credit note to today, and shows a refusal at the amount', async () => {
    const refusal = inEveryLanguage({ 'en-US': 'At most 6.00 CHF is left to refund against this credit note.', 'de-CH': 'Zu dieser Gutschrift sind höchstens noch 6.00 CHF zurückzuerstatten.' });
    api.answer(billingCalls.recordCreditNoteRefund, refuseFields([{ field: 'amount', code: 'tooBig', messagesByLanguage: refusal }]));
    renderIn('de-CH', <RefundDialog orderId={orderId} creditNote={creditNote} onClose={() => {}} onDone={vi.fn()} />);
    const amount = (await screen.findByLabelText(/^Betrag \(CHF\)/)) as HTMLInputElement;
    expect(amount.value).toBe('6.00');
    const date = screen.getByLabelText(/^Tag der Auszahlung/) as HTMLInputElement;
    expect([date.min, date.max, date.value]).toEqual(['2026-11-25', isoDateInZurich(), isoDateInZurich()]);
    fireEvent.change(amount, { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText(/^Notiz/), { target: { value: 'Überweisung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückerstattung erfassen' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${amount.id}-error`)?.textContent).toBe(refusal['de-CH']);
    expect(api.requests(billingCalls.recordCreditNoteRefund).map(({ body }) => body)).toEqual([{ amount: 7, date: isoDateInZurich(), note: 'Überweisung' }]);
  });
});
