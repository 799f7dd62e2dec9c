import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initialLanguage, LanguageProvider } from '#client/lib/i18n.tsx';
import { createAppRouter } from './router.tsx';
import './app.css';

const language = initialLanguage();
document.documentElement.lang = language;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LanguageProvider initial={language}>
        <RouterProvider router={createAppRouter()} />
      </LanguageProvider>
    </StrictMode>,
  );
}
