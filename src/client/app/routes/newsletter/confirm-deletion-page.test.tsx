// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/locales.ts';
import { appPaths } from '#shared/paths.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import ConfirmDeletionPage from './confirm-deletion-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const token = 'Zq3T-_x9Zk1mN0pQrS2tUvW4xYz5aBcDeFgHiJkLmN6';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let answer: () => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
  const url = String(input);
  if (url === `/api/people/deletions/${token}`) return answer();
  if (url === '/api/xsrf/token') return json({ token: 'xsrf' });
  return json({ error: { code: 'notFound' } }, 404);
});

beforeEach(() => {
  answer = () =>
    json({ messages: [{ translations: { 'en-US': 'Your data has been deleted. Orders are kept without your name.', 'de-CH': 'Ihre Daten wurden gelöscht.' } }] });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
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
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete my data now' }));
    const done = await screen.findByRole('status', { name: 'Your data has been deleted' });
    expect(done.textContent).toContain('Orders are kept without your name.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('button', { name: 'Delete my data now' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(`/api/people/deletions/${token}`, expect.objectContaining({ method: 'POST' }));
  });

  it('an unknown, expired or used link says how to ask again, in the app language', async () => {
    answer = () => json({ error: { code: 'notFound', messagesByLanguage: { 'en-US': 'Unknown.', 'de-CH': 'Unbekannt.' } } }, 404);
    renderPage('de-CH');
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten jetzt löschen' }));
    const gone = await screen.findByRole('alert', { name: 'Dieser Link funktioniert nicht' });
    expect(gone.textContent).toContain('wählen Sie «Meine Daten löschen»');
    await waitFor(() => expect(document.activeElement).toBe(gone));
    expect(screen.getByRole('link', { name: 'Zu unserer Website' }).getAttribute('href')).toBe('/web/de-CH/');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('keeps the button after a failure and says so', async () => {
    answer = () => json({ error: { code: 'internal', messagesByLanguage: { 'en-US': 'Something went wrong on our side.', 'de-CH': 'Fehler.' } } }, 500);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my data now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Delete my data now' })).toBeTruthy();
  });
});
