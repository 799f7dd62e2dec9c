import type { buyerDetails as reference } from '../en-US/buyer-details.ts';

/** Prüfung von PLZ und MWST-Nummer nach Land. */
export const buyerDetails = {
  'error.postcode.format': 'Diese PLZ ist für das gewählte Land nicht gültig. Sie wird so geschrieben: {example}.',
  'error.vatNumber.format': 'Das ist keine gültige MWST-Nummer für das Land der Rechnungsadresse. Sie wird so geschrieben: {example}.',
  'error.vatNumber.checkDigit': 'Die Prüfziffer dieser MWST-Nummer stimmt nicht. Bitte prüfen Sie sie auf Tippfehler.',
} as const satisfies Record<keyof typeof reference, string>;
