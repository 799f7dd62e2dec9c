// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactAdminCalls } from '#shared/contract/contacts-admin.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import { adminPaths } from '#shared/paths.ts';
import type { ContactList } from '#shared/schemas/contacts.ts';
import { renderBackOffice } from '../../../../../tests/helpers/back-office.tsx';
import { installFakeApi, refuse } from '../../../../../tests/helpers/fake-api.ts';
import ContactsPage from './contacts-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const anna = {
  id: '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b',
  email: 'anna.muster@example.ch',
  name: 'Anna Muster',
  companyName: 'Muster AG',
  preferredLanguage: 'de-CH',
  newsletterStatus: 'CONFIRMED',
  createdAt: '2026-11-01T09:00:00.000Z',
} as const;
const beat = { ...anna, id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', email: 'beat@keller.ch', name: '', companyName: null, preferredLanguage: null, newsletterStatus: null };

const page = (results: ContactList['results'], over: Partial<ContactList> = {}): ContactList => ({
  results,
  page: 1,
  pageSize: 20,
  totalResults: results.length,
  totalPages: results.length === 0 ? 0 : 1,
  ...over,
});

const api = installFakeApi();

/** The list calls made: their search and page. */
const listCalls = () => api.requests(contactAdminCalls.adminContacts).map(({ query }) => ({ q: query.q, page: query.page }));

beforeEach(() => {
  api.answer(contactAdminCalls.adminContacts, page([anna, beat]));
});

afterEach(() => {
  cleanup();
});

function renderAt(path: string, language: Language = 'en-US') {
  const routes = [
    { path: adminPaths.contacts(), element: <ContactsPage /> },
    { path: adminPaths.contact(':contactId'), element: <p>the record</p> },
  ];
  return renderBackOffice(routes, path, language);
}

describe('the contacts list', () => {
  it('shows a page of contacts, each row leading to its record, with the CSV download of the search', async () => {
    renderAt('/contacts');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const table = await screen.findByRole('table', { name: 'Contacts, newest first' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'E-mail address',
      'Company',
      'Language',
      'Newsletter',
      'Known since',
    ]);
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Anna Muster',
      'anna.muster@example.ch',
      'Muster AG',
      'German',
      'Subscribed',
      formatDateTime(anna.createdAt, 'en-US'),
    ]);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['–', 'beat@keller.ch', '–', '–', 'Not subscribed', formatDateTime(beat.createdAt, 'en-US')]);
    expect(screen.getByRole('link', { name: 'anna.muster@example.ch' }).getAttribute('href')).toBe(`/contacts/${anna.id}`);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/contacts/admin/export.csv?language=en-US');
    expect(screen.getByText(/Page 1 of 1 · 2 contacts/)).toBeTruthy();
    expect(listCalls()).toEqual([{ q: undefined, page: 1 }]);
  });

  it('writes the search into the address on Enter and with the button, back on the first page, and downloads what it finds', async () => {
    api.answer(contactAdminCalls.adminContacts, ({ query }) => page(query.q ? [anna] : [anna, beat]));
    const router = renderAt('/contacts?page=2', 'de-CH');
    await screen.findByRole('table');
    const field = screen.getByLabelText('Name, E-Mail-Adresse oder Firma');

    fireEvent.change(field, { target: { value: '  Muster ' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?q=Muster'));
    await screen.findByRole('table', { name: 'Kontakte zu «Muster», die neusten zuerst' });
    expect(listCalls()).toContainEqual({ q: 'Muster', page: 1 });
    expect(screen.getByRole('link', { name: 'CSV herunterladen' }).getAttribute('href')).toBe('/api/contacts/admin/export.csv?q=Muster&language=de-CH');

    fireEvent.change(field, { target: { value: 'keller' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=keller'));

    // The address wins over what was typed: Back shows the earlier search in the field.
    await router.navigate(-1);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('Muster'));

    fireEvent.click(screen.getByRole('button', { name: 'Alle Kontakte zeigen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('pages through the contacts with the page in the address', async () => {
    api.answer(contactAdminCalls.adminContacts, ({ query }) =>
      page(query.page === 2 ? [beat] : [anna], { page: query.page, pageSize: 1, totalResults: 3, totalPages: 3 }),
    );
    const router = renderAt('/contacts?q=ch');
    await screen.findByRole('link', { name: 'anna.muster@example.ch' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Page 1 of 3 · 3 contacts/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ch&page=2'));
    await screen.findByRole('link', { name: 'beat@keller.ch' });
    expect(screen.getByText(/Page 2 of 3/)).toBeTruthy();
    expect(listCalls()).toEqual([
      { q: 'ch', page: 1 },
      { q: 'ch', page: 2 },
    ]);
    // The row remembers the list's page, for the record's Back link.
    fireEvent.click(screen.getByRole('link', { name: 'beat@keller.ch' }));
    await screen.findByText('the record');
    expect(router.state.location.state).toEqual({ list: '/contacts?q=ch&page=2' });
  });

  it('says when nothing is found, and offers the first page past the last one', async () => {
    api.answer(contactAdminCalls.adminContacts, page([]));
    renderAt('/contacts?q=nobody');
    expect(await screen.findByText('No contact matches "nobody".')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    api.answer(contactAdminCalls.adminContacts, page([], { page: 9, totalResults: 2, totalPages: 1 }));
    renderAt('/contacts?page=9');
    expect(await screen.findByText('There are no contacts on this page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/contacts');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    api.answer(contactAdminCalls.adminContacts, refuse('internal'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/contacts');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    logged.mockRestore();
  });
});
