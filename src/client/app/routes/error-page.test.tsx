// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { ChunkLoadTimeoutError } from '#client/lib/lazy-route.ts';
import { ErrorPage } from './error-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderFailingRoute(error: Error, language: 'en-US' | 'de-CH' = 'en-US') {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <ErrorPage />,
      loader: () => {
        throw error;
      },
      element: null,
    },
  ]);
  render(
    <LanguageProvider initial={language}>
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

describe('the generic error page', () => {
  it('shows the generic text for an unexpected error', async () => {
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please reload the page or try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('says when a page chunk did not arrive within 120 s, in German too', async () => {
    renderFailingRoute(new ChunkLoadTimeoutError(), 'de-CH');
    expect(await screen.findByText('Die Seite hat zu lange zum Laden gebraucht. Bitte prüfen Sie Ihre Verbindung und laden Sie neu.')).toBeTruthy();
  });
});
