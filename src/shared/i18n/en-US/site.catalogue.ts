import { site } from './site.ts';
import { siteWidgets } from './site-widgets.ts';

/** What only the marketing pages' prerender writes: the pages' texts and the widget texts it passes in data-* attributes (src/shared/i18n/site-messages.ts). Browsers never load it. */
export const catalogue = { ...site, ...siteWidgets };
