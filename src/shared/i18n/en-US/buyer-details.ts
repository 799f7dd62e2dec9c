/** Checks of a buyer's postcode and VAT number by country (src/shared/postcodes.ts, vat-numbers.ts). */
export const buyerDetails = {
  'error.postcode.format': 'This postcode is not valid for the chosen country. It is written like {example}.',
  'error.vatNumber.format': 'This is not a valid VAT number for the country of the invoice address. It is written like {example}.',
  'error.vatNumber.checkDigit': 'The check digit of this VAT number does not match. Please check it for typing errors.',
};
