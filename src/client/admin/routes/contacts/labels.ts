import type { MessageKey, MessageParams } from '#shared/i18n/catalogue.ts';
import { isMessageKey } from '#client/lib/translate.ts';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The catalogues' groups of labels the contact pages read stored codes with. */
type LabelGroup =
  | 'adminContacts.language'
  | 'adminContacts.consentSubject'
  | 'adminContacts.source'
  | 'adminContacts.orders.link'
  | 'forms.gender'
  | 'forms.role'
  | 'forms.experienceLevel'
  | 'forms.recipient'
  | 'checkout.status';

/**
 * A stored code (`de-CH`, `CONTACT_FORM`, `CISO`) as staff read it: its label when the
 * catalogue has one, else the code as stored. The record gives these as plain strings,
 * so a code no catalogue knows yet still shows.
 */
export function labelOf(t: Translate, group: LabelGroup, code: string): string {
  const key = `${group}.${code}`;
  return isMessageKey(key) ? t(key) : code;
}
