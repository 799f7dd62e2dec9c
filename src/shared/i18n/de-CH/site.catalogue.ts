import type { catalogue as reference } from '../en-US/site.catalogue.ts';
import { site } from './site.ts';
import { siteWidgets } from './site-widgets.ts';

/** Was nur das Prerendering der Marketing-Seiten schreibt: die Texte der Seiten und die Widget-Texte in data-*-Attributen. Browser laden es nie. */
export const catalogue = { ...site, ...siteWidgets } satisfies Record<keyof typeof reference, string>;
