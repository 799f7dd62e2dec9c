import type { Currency, Language, PaymentFrequency } from '#shared/locales.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { InvoiceInfoUpdate } from '#shared/schemas/checkout.ts';

/**
 * The demo orders a first start makes (demo.service.ts): Swiss, German and US companies
 * in their currencies, one-time and monthly lines, in the statuses the back office shows,
 * oldest first. Companies, people and addresses are invented; the e-mail domains end in
 * `.example`, and the Swiss UIDs carry a correct check digit.
 */

/** A staff action taken `afterDays` days after the order was placed. */
type DemoStep =
  | { action: 'START_WORK' | 'INVOICE' | 'COMPLETE'; afterDays: number }
  | { action: 'CANCEL'; afterDays: number; reason: string }
  /** `sharePercent`: that part of the open amount (a part payment); default all of it. */
  | { action: 'PAY'; afterDays: number; sharePercent?: number };

interface DemoLine {
  product: 'basic' | 'foundation' | 'champion';
  paymentFrequency: PaymentFrequency;
  quantity: number;
  /** MONTHLY only; the cart's default is 12. */
  periodMonths?: number;
}

interface DemoOrder {
  /** When it was placed: a day `monthsAgo` months back, or `daysAgo` days back. */
  placed: { monthsAgo: number; day: number } | { daysAgo: number };
  currency: Currency;
  language: Language;
  lines: DemoLine[];
  invoiceInfo: InvoiceInfoUpdate;
  steps: DemoStep[];
  /** Where the steps lead (checked by the test). */
  status: OrderStatus;
}

export const demoOrders: DemoOrder[] = [
  {
    placed: { monthsAgo: 11, day: 6 },
    currency: 'CHF',
    language: 'de-CH',
    lines: [{ product: 'basic', paymentFrequency: 'ONE_TIME', quantity: 25 }],
    invoiceInfo: {
      company: { name: 'Alpenblick Treuhand AG', vatNumber: 'CHE-112.233.445 MWST' },
      address: { street: 'Bahnhofstrasse 42', zip: '8001', city: 'Zürich', countryCode: 'CH' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Anna', lastName: 'Keller', email: 'anna.keller@alpenblick-treuhand.example', phoneCountryCode: 'CH', phoneNumber: '44 215 40 10' },
    },
    steps: [
      { action: 'START_WORK', afterDays: 2 },
      { action: 'INVOICE', afterDays: 5 },
      { action: 'PAY', afterDays: 26 },
      { action: 'COMPLETE', afterDays: 55 },
    ],
    status: 'COMPLETED',
  },
  {
    placed: { monthsAgo: 10, day: 14 },
    currency: 'EUR',
    language: 'de-CH',
    lines: [{ product: 'foundation', paymentFrequency: 'MONTHLY', quantity: 8 }],
    invoiceInfo: {
      company: { name: 'Rheinwerk Maschinenbau GmbH', vatNumber: 'DE287465019' },
      address: { street: 'Heilbronner Strasse 150', zip: '70191', city: 'Stuttgart', countryCode: 'DE' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Jonas', lastName: 'Becker', email: 'jonas.becker@rheinwerk-maschinenbau.example', phoneCountryCode: 'DE', phoneNumber: '711 2580 340' },
    },
    steps: [
      { action: 'INVOICE', afterDays: 1 },
      { action: 'PAY', afterDays: 14 },
    ],
    status: 'ACTIVE',
  },
  {
    placed: { monthsAgo: 9, day: 20 },
    currency: 'USD',
    language: 'en-US',
    lines: [
      { product: 'champion', paymentFrequency: 'ONE_TIME', quantity: 4 },
      { product: 'basic', paymentFrequency: 'ONE_TIME', quantity: 60 },
    ],
    invoiceInfo: {
      company: { name: 'Hudson Ridge Logistics Inc.' },
      address: { street: '350 Hudson Street', zip: '10014', city: 'New York', state: 'NY', countryCode: 'US' },
      invoiceAddressSameAsAddress: false,
      invoiceAddress: { street: '1200 Harbor Boulevard', additionalAddressLine: 'Accounts Payable', zip: '07086', city: 'Weehawken', state: 'NJ', countryCode: 'US' },
      contact: { firstName: 'Emily', lastName: 'Carter', email: 'emily.carter@hudsonridge.example', phoneCountryCode: 'US', phoneNumber: '212 555 0143' },
    },
    steps: [
      { action: 'START_WORK', afterDays: 1 },
      { action: 'INVOICE', afterDays: 7 },
      { action: 'PAY', afterDays: 20, sharePercent: 50 },
      { action: 'PAY', afterDays: 35 },
      { action: 'COMPLETE', afterDays: 70 },
    ],
    status: 'COMPLETED',
  },
  {
    placed: { monthsAgo: 8, day: 9 },
    currency: 'CHF',
    language: 'en-US',
    lines: [{ product: 'basic', paymentFrequency: 'MONTHLY', quantity: 120, periodMonths: 24 }],
    invoiceInfo: {
      company: { name: 'Lémanique Assurances SA', vatNumber: 'CHE-273.849.564 TVA' },
      address: { street: 'Avenue de la Gare 10', zip: '1003', city: 'Lausanne', countryCode: 'CH' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Claire', lastName: 'Dubois', email: 'claire.dubois@lemanique-assurances.example', phoneCountryCode: 'CH', phoneNumber: '21 310 45 00' },
    },
    steps: [
      { action: 'INVOICE', afterDays: 2 },
      { action: 'PAY', afterDays: 18 },
    ],
    status: 'ACTIVE',
  },
  {
    placed: { monthsAgo: 6, day: 4 },
    currency: 'CHF',
    language: 'de-CH',
    lines: [
      { product: 'basic', paymentFrequency: 'ONE_TIME', quantity: 40 },
      { product: 'champion', paymentFrequency: 'MONTHLY', quantity: 2 },
    ],
    invoiceInfo: {
      company: { name: 'Bergbahnen Engadin AG', vatNumber: 'CHE-314.159.269 MWST' },
      address: { street: 'Via dal Bagn 49', zip: '7500', city: 'St. Moritz', countryCode: 'CH' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Reto', lastName: 'Caflisch', email: 'reto.caflisch@bergbahnen-engadin.example', phoneCountryCode: 'CH', phoneNumber: '81 830 00 00' },
    },
    steps: [
      { action: 'START_WORK', afterDays: 2 },
      { action: 'INVOICE', afterDays: 6 },
      { action: 'PAY', afterDays: 21 },
    ],
    status: 'ACTIVE',
  },
  {
    placed: { monthsAgo: 5, day: 23 },
    currency: 'USD',
    language: 'en-US',
    lines: [{ product: 'foundation', paymentFrequency: 'ONE_TIME', quantity: 15 }],
    invoiceInfo: {
      company: { name: 'Cascade Health Partners LLC' },
      address: { street: '1501 4th Avenue', zip: '98101', city: 'Seattle', state: 'WA', countryCode: 'US' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Michael', lastName: 'Nguyen', email: 'michael.nguyen@cascadehealth.example', phoneCountryCode: 'US', phoneNumber: '206 555 0187' },
    },
    steps: [
      { action: 'START_WORK', afterDays: 4 },
      { action: 'INVOICE', afterDays: 9 },
      { action: 'PAY', afterDays: 33 },
    ],
    status: 'PAID',
  },
  {
    placed: { monthsAgo: 4, day: 11 },
    currency: 'EUR',
    language: 'de-CH',
    lines: [{ product: 'basic', paymentFrequency: 'ONE_TIME', quantity: 30 }],
    invoiceInfo: {
      company: { name: 'Brauerei Falkenstein GmbH', vatNumber: 'DE814392756' },
      address: { street: 'Leopoldstrasse 88', zip: '80802', city: 'München', countryCode: 'DE' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Sabine', lastName: 'Huber', email: 'sabine.huber@brauerei-falkenstein.example', phoneCountryCode: 'DE', phoneNumber: '89 3302 1150' },
    },
    steps: [
      { action: 'START_WORK', afterDays: 1 },
      { action: 'INVOICE', afterDays: 4 },
      { action: 'PAY', afterDays: 19 },
      { action: 'COMPLETE', afterDays: 45 },
    ],
    status: 'COMPLETED',
  },
  {
    placed: { monthsAgo: 3, day: 7 },
    currency: 'CHF',
    language: 'de-CH',
    lines: [{ product: 'foundation', paymentFrequency: 'MONTHLY', quantity: 10 }],
    invoiceInfo: {
      company: { name: 'Aare Medtech AG', vatNumber: 'CHE-462.135.705 MWST' },
      address: { street: 'Laupenstrasse 18', zip: '3008', city: 'Bern', countryCode: 'CH' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Lukas', lastName: 'Zimmermann', email: 'lukas.zimmermann@aare-medtech.example', phoneCountryCode: 'CH', phoneNumber: '31 380 12 12' },
    },
    steps: [{ action: 'CANCEL', afterDays: 5, reason: 'Die Kundin hat versehentlich zweimal bestellt.' }],
    status: 'CANCELED',
  },
  {
    placed: { monthsAgo: 2, day: 15 },
    currency: 'USD',
    language: 'en-US',
    lines: [{ product: 'champion', paymentFrequency: 'ONE_TIME', quantity: 6 }],
    invoiceInfo: {
      company: { name: 'Pinecrest Credit Union' },
      address: { street: '1700 Lincoln Street', zip: '80203', city: 'Denver', state: 'CO', countryCode: 'US' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Sarah', lastName: 'Mitchell', email: 'sarah.mitchell@pinecrest-cu.example', phoneCountryCode: 'US', phoneNumber: '303 555 0119' },
    },
    steps: [
      { action: 'START_WORK', afterDays: 2 },
      { action: 'INVOICE', afterDays: 8 },
    ],
    status: 'INVOICED',
  },
  {
    placed: { monthsAgo: 1, day: 12 },
    currency: 'CHF',
    language: 'de-CH',
    lines: [
      { product: 'basic', paymentFrequency: 'ONE_TIME', quantity: 18 },
      { product: 'foundation', paymentFrequency: 'ONE_TIME', quantity: 3 },
    ],
    invoiceInfo: {
      company: { name: 'Ostschweizer Druck AG', vatNumber: 'CHE-582.190.346 MWST' },
      address: { street: 'Rorschacher Strasse 150', zip: '9000', city: 'St. Gallen', countryCode: 'CH' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Martin', lastName: 'Brunner', email: 'martin.brunner@ostschweizer-druck.example', phoneCountryCode: 'CH', phoneNumber: '71 222 33 44' },
    },
    steps: [
      { action: 'INVOICE', afterDays: 3 },
      { action: 'PAY', afterDays: 10, sharePercent: 30 },
    ],
    status: 'INVOICED',
  },
  {
    placed: { daysAgo: 6 },
    currency: 'EUR',
    language: 'de-CH',
    lines: [{ product: 'basic', paymentFrequency: 'MONTHLY', quantity: 45 }],
    invoiceInfo: {
      company: { name: 'Elbufer Logistik GmbH', vatNumber: 'DE263918475' },
      address: { street: 'Hafenstrasse 19', zip: '01097', city: 'Dresden', countryCode: 'DE' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Katrin', lastName: 'Vogel', email: 'katrin.vogel@elbufer-logistik.example', phoneCountryCode: 'DE', phoneNumber: '351 4400 890' },
    },
    steps: [{ action: 'START_WORK', afterDays: 1 }],
    status: 'IN_PROGRESS',
  },
  {
    placed: { daysAgo: 1 },
    currency: 'CHF',
    language: 'en-US',
    lines: [{ product: 'champion', paymentFrequency: 'ONE_TIME', quantity: 3 }],
    invoiceInfo: {
      company: { name: 'Zuger Vermögensverwaltung AG', vatNumber: 'CHE-607.182.939 MWST' },
      address: { street: 'Baarerstrasse 75', zip: '6300', city: 'Zug', countryCode: 'CH' },
      invoiceAddressSameAsAddress: true,
      contact: { firstName: 'Nicole', lastName: 'Meier', email: 'nicole.meier@zuger-vv.example', phoneCountryCode: 'CH', phoneNumber: '41 710 20 30' },
    },
    steps: [],
    status: 'ORDERED',
  },
];
