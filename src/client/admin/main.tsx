import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initialLanguage, LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import { createAdminRouter } from './router.tsx';
import '#client/ui/frame.css';
import './admin.css';

/** The back office's entry (admin.html): its own bundle, which shop visitors never load. */
const language = initialLanguage();
document.documentElement.lang = language;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <LanguageProvider initial={language}>
          <RouterProvider router={createAdminRouter()} />
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
