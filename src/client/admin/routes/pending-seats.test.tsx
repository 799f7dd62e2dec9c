// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '#shared/locales.ts';
import { renderBackOffice } from '../../../../tests/helpers/back-office.tsx';
import { PendingSeatReductions } from './pending-seats.tsx';

const orderId = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
afterEach(() => cleanup());

function show(element: React.ReactElement, language: Language = 'en-US') {
  renderBackOffice([{ path: '/', element }], '/', language);
}

describe('the dashboard’s pending seat reductions', () => {
  const pending = [{ orderId, number: '2026-000042', currentSeats: 10, seats: 4, from: '2026-12-15' }];

  it('lists each order with a link to its page, the seats in force and to come, and the day', () => {
    show(<PendingSeatReductions pending={pending} />);
    const section = screen.getByRole('region', { name: 'Pending seat reductions' });
    expect(within(section).getByRole('link', { name: '2026-000042' }).getAttribute('href')).toBe(`/orders/${orderId}`);
    expect(within(section).getByRole('listitem').textContent).toMatch(/10 → 4 seats from .*15.*2026/);
  });

  it('speaks German, and says when none is pending', () => {
    show(<PendingSeatReductions pending={pending} />, 'de-CH');
    expect(screen.getByRole('region', { name: 'Vorgemerkte Sitzplatzreduktionen' }).textContent).toMatch(/10 → 4 Sitzplätze ab .*2026/);
    cleanup();
    show(<PendingSeatReductions pending={[]} />);
    expect(screen.getByText('No seat reductions pending.')).toBeTruthy();
  });
});
