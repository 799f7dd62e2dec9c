// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import { seatChangeCalls } from '#shared/contract/seat-changes.ts';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import type { Language } from '#shared/locales.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { installFakeApi } from '../../../../../tests/helpers/fake-api.ts';
import { OrderSeats } from './order-seats.tsx';

configure({ asyncUtilTimeout: 5000 });
const api = installFakeApi();
afterEach(() => {
  cleanup();
});

const id = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';
/** A running plan of 10 seats with a reduction to 4 pending. */
const order = {
  detail: { id, number: '2026-000042', status: 'ACTIVE', items: [{ status: 'ACTIVE', paymentFrequency: 'MONTHLY', quantity: 10 }] },
  currency: 'CHF',
  pendingSeats: { seats: 4, from: '2027-01-10' },
} as unknown as AdminOrder;

function renderSeats(canEdit: boolean, language: Language = 'en-US', onChanged = () => {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadBackOfficeCatalogue}>
        <OrderSeats order={order} canEdit={canEdit} onChanged={onChanged} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the seats on the order page', () => {
  it('lets an editor reduce the seats with staff’s calls, the preview first, in German', async () => {
    const onChanged = vi.fn();
    const figures = { seats: 6, currentSeats: 10, kind: 'reduction' as const, effective: '2027-01-10', prorated: null, nextPeriod: { from: '2027-01-10', net: 294, vat: 23.81, gross: 317.81 } };
    api.answer(seatChangeCalls.adminPreviewSeats, figures);
    api.answer(seatChangeCalls.adminChangeSeats, { ...figures, invoice: null });
    renderSeats(true, 'de-CH', onChanged);
    expect(await screen.findByText(/4 Sitzplätze \(Reduktion vorgemerkt\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sitzplätze ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sitzplätze ändern' });
    fireEvent.change(within(dialog).getByLabelText(/^Sitzplätze ab jetzt/), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kosten anzeigen' }));
    expect(await within(dialog).findByText(/6 Sitzplätze; bis dahin bleiben die 10 Sitzplätze nutzbar, ohne Gutschrift\.$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Auf 6 Sitzplätze ändern' }));
    expect(await within(dialog).findByText(/^Erledigt: 6 Sitzplätze ab/)).toBeTruthy();
    expect(api.requests(seatChangeCalls.adminChangeSeats)[0]).toMatchObject({ params: { id }, body: { seats: 6 } });
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows a viewer the pending reduction without any action', async () => {
    renderSeats(false);
    expect(await screen.findByText(/4 seats \(reduction pending\)/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
