// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactCalls } from '#shared/contract/contacts.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths } from '#shared/paths.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { installFakeApi, refuse } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import ConfirmDeletionPage from './confirm-deletion-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const token = 'Zq3T-_x9Zk1mN0pQrS2tUvW4xYz5aBcDeFgHiJkLmN6';

const api = installFakeApi();

beforeEach(() => {
  api.answer(contactCalls.confirmDeletion, {
    messages: [{ translations: inEveryLanguage({ 'en-US': 'Your data has been deleted. Orders are kept without your name.', 'de-CH': 'Ihre Daten wurden gelöscht.' }) }],
  });
});

afterEach(() => {
  cleanup();
});

function renderPage(language: Language = 'en-US') {
  const router = createMemoryRouter([{ path: appPaths.confirmDeletion(':token'), element: <ConfirmDeletionPage /> }], {
    initialEntries: [appPaths.confirmDeletion(token)],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the deletion confirmation', () => {
  it('explains what is deleted and kept, deletes nothing on load, and deletes with the button', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Delete your data' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What we delete' })).toBeTruthy();
    expect(screen.getByText(/Your orders, as accounting law requires, but without your name/)).toBeTruthy();
    expect(screen.getByText(/The invoices and credit notes we issued to you, unchanged/)).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete my data now' }));
    const done = await screen.findByRole('status', { name: 'Your data has been deleted' });
    expect(done.textContent).toContain('Orders are kept without your name.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('button', { name: 'Delete my data now' })).toBeNull();
    expect(api.requests(contactCalls.confirmDeletion).map(({ params }) => params)).toEqual([{ token }]);
  });

  it('an unknown, expired or used link says how to ask again, in the app language', async () => {
    api.answer(contactCalls.confirmDeletion, refuse('notFound', inEveryLanguage({ 'en-US': 'Unknown.', 'de-CH': 'Unbekannt.' })));
    renderPage('de-CH');
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten jetzt löschen' }));
    const gone = await screen.findByRole('alert', { name: 'Dieser Link funktioniert nicht' });
    expect(gone.textContent).toContain('wählen Sie «Meine Daten löschen»');
    await waitFor(() => expect(document.activeElement).toBe(gone));
    expect(screen.getByRole('link', { name: 'Zu unserer Website' }).getAttribute('href')).toBe('/web/de-CH/');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('keeps the button after a failure and says so', async () => {
    api.answer(contactCalls.confirmDeletion, refuse('internal', inEveryLanguage({ 'en-US': 'Something went wrong on our side.', 'de-CH': 'Fehler.' })));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my data now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Delete my data now' })).toBeTruthy();
  });
});
