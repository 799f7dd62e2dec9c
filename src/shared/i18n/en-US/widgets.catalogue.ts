import { captcha } from './captcha.ts';
import { cart } from './cart.ts';
import { common } from './common.ts';
import { downloadables } from './downloadables.ts';
import { errors } from './errors.ts';
import { forms } from './forms.ts';
import { lines } from './lines.ts';
import { widgets } from './widgets.ts';

/** What the dialogs of the marketing pages' widgets show (the cart drawer, the newsletter and download forms, the exit-intent popup): loaded with the first dialog (src/client/lib/widget-texts.ts). The widgets themselves get their texts from the prerender. */
export const catalogue = { ...common, ...errors, ...forms, ...lines, ...captcha, ...cart, ...downloadables, ...widgets };
