import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import type { Language } from '#shared/locales.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';

/**
 * Renders pages of the back office as its bundle does (src/client/lib/start-spa.tsx): a
 * fresh query cache, the language with the back office's catalogue, and the routes in a
 * router kept in memory, opened at `path`. Answers the router, whose history a test walks.
 */
export function renderBackOffice(routes: RouteObject[], path: string, language: Language = 'en-US') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadBackOfficeCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return router;
}
