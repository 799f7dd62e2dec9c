import { startSpa } from '#client/lib/start-spa.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createAppRouter } from './router.tsx';
import '#client/ui/frame.css';
import '#client/ui/site-frame/site-frame.css';

/** The shop's app (app.html): cart, checkout and tracking. */
startSpa(createAppRouter, loadAppCatalogue);
