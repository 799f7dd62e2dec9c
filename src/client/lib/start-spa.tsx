import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { config as zodConfig } from 'zod';
import { initialLanguage, LanguageProvider, type LoadCatalogue } from './i18n.tsx';
import { createQueryClient } from './queries.ts';
import { loadTexts } from './translate.ts';

/**
 * Starts a single-page app (the shop's and the back office's): the visitor's language on
 * `<html lang>`, then the router inside the query cache and the language context. The
 * router starts fetching the first page's chunk at once; the app renders when the
 * language's catalogue (`loadCatalogue`) has arrived too, so it never shows a key.
 */
export function startSpa(createRouter: () => ReturnType<typeof createBrowserRouter>, loadCatalogue: LoadCatalogue): void {
  // Zod would try `new Function` once to see whether it may compile its checks, which the
  // content security policy refuses and the browser reports as a violation: it is told not to.
  zodConfig({ jitless: true });
  const language = initialLanguage();
  document.documentElement.lang = language;
  const root = document.getElementById('root');
  if (!root) return;
  const router = createRouter();
  loadTexts(language, loadCatalogue).then(
    () =>
      createRoot(root).render(
        <StrictMode>
          <QueryClientProvider client={createQueryClient()}>
            <LanguageProvider initial={language} loadCatalogue={loadCatalogue}>
              <RouterProvider router={router} />
            </LanguageProvider>
          </QueryClientProvider>
        </StrictMode>,
      ),
    (error: unknown) => console.error(`[i18n] the ${language} texts could not be loaded`, error),
  );
}
