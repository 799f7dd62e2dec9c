import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { initialLanguage, LanguageProvider } from './i18n.tsx';
import { createQueryClient } from './queries.ts';

/**
 * Starts a single-page app (the shop's and the back office's): the visitor's language on
 * `<html lang>`, then the router inside the query cache and the language context.
 */
export function startSpa(createRouter: () => ReturnType<typeof createBrowserRouter>): void {
  const language = initialLanguage();
  document.documentElement.lang = language;
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <LanguageProvider initial={language}>
          <RouterProvider router={createRouter()} />
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
