import type { catalogue as reference } from '../en-US/widgets.catalogue.ts';
import { captcha } from './captcha.ts';
import { cart } from './cart.ts';
import { common } from './common.ts';
import { downloadables } from './downloadables.ts';
import { errors } from './errors.ts';
import { forms } from './forms.ts';
import { lines } from './lines.ts';
import { widgets } from './widgets.ts';

/** Was die Dialoge der Widgets auf den Marketing-Seiten zeigen (Warenkorb-Schublade, Newsletter- und Download-Formular, Exit-Intent-Pop-up): geladen mit dem ersten Dialog. Die Widgets selbst erhalten ihre Texte vom Prerendering. */
export const catalogue = { ...common, ...errors, ...forms, ...lines, ...captcha, ...cart, ...downloadables, ...widgets } satisfies Record<keyof typeof reference, string>;
