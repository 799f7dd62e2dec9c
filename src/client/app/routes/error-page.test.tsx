// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
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
  // As startSpa() does: the site's header in the frame uses the query cache.
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the generic error page', () => {
  it('shows the generic text for an unexpected error', async () => {
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please reload the page or try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    // Inside the site's frame.
    expect(screen.getByRole('banner').querySelector('a.brand')?.getAttribute('href')).toBe('/web/en-US/');
    expect(screen.getByRole('contentinfo').textContent).toContain('Seefeldstrasse 42');
  });

  it('says when a page chunk did not arrive within 120 s, in German too', async () => {
    renderFailingRoute(new ChunkLoadTimeoutError(), 'de-CH');
    expect(await screen.findByText('Die Seite hat zu lange zum Laden gebraucht. Bitte prüfen Sie Ihre Verbindung und laden Sie neu.')).toBeTruthy();
  });
});
