// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { installFakeApi } from '../../../../../tests/helpers/fake-api.ts';
import { Timeline } from './timeline.tsx';

const api = installFakeApi();

afterEach(() => {
  cleanup();
});

/** An order with one renewal, its period kept with the end excluded as the history stores it. */
const order = {
  detail: { id: '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b', number: '2026-000042' },
  currency: 'CHF',
  history: [
    {
      kind: 'TRANSITION',
      at: '2026-12-28T05:00:00.000Z',
      action: 'RENEW',
      from: 'ACTIVE',
      to: 'ACTIVE',
      who: 'system',
      data: { amountDue: 52.97, periodStart: '2026-12-28', periodEnd: '2027-01-28', invoiceNumber: 'INV-2026-000007' },
    },
  ],
} as unknown as AdminOrder;

describe('the order timeline', () => {
  it("prints a renewal's period to its last day included, as its invoice does", async () => {
    api.answer(staffCalls.me, { id: '0b5d3c1e-8f2a-4e6b-9c7d-1a2b3c4d5e6f', email: 'vera@example.ch', name: 'Vera', role: 'viewer', secondFactorEnabled: false, secondFactorRequired: false });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LanguageProvider initial="en-US" loadCatalogue={loadBackOfficeCatalogue}>
          <Timeline order={order} onNoteAdded={() => {}} />
        </LanguageProvider>
      </QueryClientProvider>,
    );
    const renewal = await screen.findByText(/52\.97 CHF/);
    expect(renewal.textContent).toContain('28 Dec 2026 – 27 Jan 2027');
  });
});
