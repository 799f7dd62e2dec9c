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

function renderDialog(language: Language) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadBackOfficeCatalogue}>
        <ActionDialog order={order} action="PAY" onClose={() => {}} onDone={vi.fn()} onConflict={() => {}} />
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
