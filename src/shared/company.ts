/**
 * The company behind the shop (fictional), in one place: the marketing pages, the SPA,
 * the e-mails, the invoice PDF and its QR-bill all print these details, so that a buyer
 * never sees two different addresses or account numbers.
 *
 * The registered address is the one of the imprint (Seefeldstrasse 42, 8008 Zürich): the
 * imprint is the legally binding statement of who runs the site, and the invoice's
 * creditor address has to be the account holder's, which is the same company.
 */
export const company = {
  name: 'CyberSafe Academy AG',
  address: {
    street: 'Seefeldstrasse',
    buildingNumber: '42',
    zip: '8008',
    city: 'Zürich',
    countryCode: 'CH',
  },
  /** Business identification number (UID) of the Swiss commercial register; its last digit is the MOD 11 check digit. */
  uid: 'CHE-123.456.788',
  /** The UID as a VAT number, with the suffix of the Swiss VAT register. */
  vatNumber: 'CHE-123.456.788 MWST',
  /**
   * An ordinary Swiss IBAN: the QR-bill then carries an `RF…` creditor reference, and the
   * same account takes plain bank transfers, which USD invoices need.
   */
  iban: 'CH93 0076 2011 6238 5295 7',
  phone: '+41 44 555 01 23',
  email: {
    info: 'info@cybersafe-academy.example',
    privacy: 'privacy@cybersafe-academy.example',
    billing: 'billing@cybersafe-academy.example',
    orders: 'orders@cybersafe-academy.example',
    shop: 'shop@cybersafe-academy.example',
  },
  website: 'https://cybersafe-academy.example',
} as const;

/** `Seefeldstrasse 42` */
export const companyStreetLine = `${company.address.street} ${company.address.buildingNumber}`;
/** `8008 Zürich` */
export const companyCityLine = `${company.address.zip} ${company.address.city}`;
/** The phone number as a `tel:` link wants it: `+41445550123`. */
export const companyPhoneLink = `tel:${company.phone.replace(/\s/g, '')}`;

/** Parameters for catalogue texts that mention the company: `{companyName}`, `{companyStreet}`, … */
export const companyParams = {
  companyName: company.name,
  companyStreet: companyStreetLine,
  companyCity: companyCityLine,
  companyPhone: company.phone,
  companyEmail: company.email.info,
} as const;
