// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import type { SavedView } from '#shared/schemas/orders-admin.ts';
import type { StaffRole } from '#shared/staff-roles.ts';
import { renderBackOffice } from '../../../../../tests/helpers/back-office.tsx';
import { installFakeApi } from '../../../../../tests/helpers/fake-api.ts';
import { viewFromSearch } from './orders-url.ts';
import { SavedViews } from './saved-views.tsx';

configure({ asyncUtilTimeout: 5000 });

const api = installFakeApi();
afterEach(() => cleanup());

/** The saved views of a staff member with `role`, as the orders page shows them. */
async function showAs(role: StaffRole) {
  api.answer(staffCalls.me, { id: '0b5d3c1e-8f2a-4e6b-9c7d-1a2b3c4d5e6f', email: 'vera@example.ch', name: 'Vera', role, secondFactorEnabled: false, secondFactorRequired: false });
  api.answer(orderAdminCalls.savedViews, []);
  api.answer(orderAdminCalls.saveView, ({ body }): SavedView => ({
    id: '3c1e0b5d-2a8f-4b6e-8d7c-5e6f1a2b3c4d',
    name: body.name,
    shared: body.shared ?? false,
    own: true,
    owner: 'vera@example.ch',
    view: { filter: { dateRange: 'ALL' }, sortColumn: 'NUMBER', sortDirection: 'DESC', columns: ['NUMBER'] },
    createdAt: '2026-11-30T10:00:00.000Z',
  }));
  renderBackOffice([{ path: '/', element: <SavedViews view={viewFromSearch(new URLSearchParams())} onOpen={() => undefined} /> }], '/');
  await waitFor(() => expect(api.requests(staffCalls.me)).toHaveLength(1));
}

describe('saved views', () => {
  it('offer an editor to share a view with the team', async () => {
    await showAs('editor');
    fireEvent.click(await screen.findByLabelText('Share with the team'));
    fireEvent.change(screen.getByLabelText('Save this view as'), { target: { value: 'Team: to invoice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await screen.findByText('The view was saved.');
    expect(api.requests(orderAdminCalls.saveView)[0]?.body).toMatchObject({ name: 'Team: to invoice', shared: true });
  });

  it('let a viewer save views for themselves only', async () => {
    await showAs('viewer');
    fireEvent.change(await screen.findByLabelText('Save this view as'), { target: { value: 'My open orders' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await screen.findByText('The view was saved.');
    // Long since known as a viewer: the server would refuse a shared view (403).
    expect(screen.queryByLabelText('Share with the team')).toBeNull();
    expect(api.requests(orderAdminCalls.saveView)[0]?.body).toMatchObject({ name: 'My open orders', shared: false });
  });
});
