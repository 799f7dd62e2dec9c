import { startSpa } from '#client/lib/start-spa.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { appBasePath } from '#shared/paths.ts';
import { addGivenFormData } from '#client/ui/form/form-data.ts';
import '#client/ui/frame.css';
import '#client/ui/site-frame/site-frame.css';

/** The shop's app (app.html): cart, checkout and tracking. */
startSpa(
  { loadRoutes: () => import('./router.tsx').then((module) => module.routes), basename: appBasePath, onServerAnswers: addGivenFormData },
  loadAppCatalogue,
);
