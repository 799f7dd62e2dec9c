import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { initialLanguage, LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import { createAppRouter } from './router.tsx';
import '#client/ui/frame.css';

const language = initialLanguage();
document.documentElement.lang = language;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <LanguageProvider initial={language}>
          <RouterProvider router={createAppRouter()} />
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
