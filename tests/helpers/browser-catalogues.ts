import { addCatalogue } from '#client/lib/translate.ts';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import { loadWidgetsCatalogue } from '#shared/i18n/load-widgets-catalogue.ts';
import { languages } from '#shared/locales.ts';

/*
 * Set-up of the unit tests (vitest.config.ts): components render as they do in a browser
 * once its texts are there (src/client/lib/start-spa.tsx), so every browser catalogue of
 * every language is loaded first. That each bundle's code finds its keys in its own
 * audience's catalogue is src/shared/i18n/bundle-keys.test.ts's concern.
 */
await Promise.all(
  languages.flatMap((language) =>
    [loadAppCatalogue, loadBackOfficeCatalogue, loadWidgetsCatalogue].map(async (load) => addCatalogue(language, await load(language))),
  ),
);
