import { startSpa } from '#client/lib/start-spa.tsx';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import { adminBasePath } from '#shared/paths.ts';
import '#client/ui/frame.css';
import './admin.css';

/** The back office's entry (admin.html): its own bundle, which shop visitors never load. */
startSpa({ loadRoutes: () => import('./router.tsx').then((module) => module.adminRoutes), basename: adminBasePath }, loadBackOfficeCatalogue);
