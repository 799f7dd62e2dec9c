import { defaultTimeZone } from '#shared/dates.ts';
import type { Currency, Language, PaymentFrequency } from '#shared/locales.ts';

/** Everything printed on an invoice; amounts in major units, already computed. */
export interface InvoiceDocument {
  language: Language;
  /** The invoice number (`INV-2026-000123`); for invoices made before invoices had their own, the order number. */
  number: string;
  /** The order it bills, when its number differs from the invoice's. */
  orderNumber?: string;
  /** The month a renewal bills, ISO days, both included; absent on an order's first invoice. */
  period?: { first: string; last: string };
  /**
   * Present on a credit note: the invoice it credits and why. Its lines and totals are
   * negative, its VAT as on that invoice; it asks for no payment (no QR-bill).
   */
  creditNote?: {
    invoiceNumber: string;
    reason: string;
    /** The credited invoice's issue day (BT-26 of the e-invoice); absent on credit notes made before it was kept. */
    invoiceIssuedOn?: string;
    /** A credit note by seats: the invoice's lines it credits (`lineId` their position, "1" first) and how many seats of each. */
    lines?: { lineId: string; seats: number }[];
  };
  issuedAt: Date;
  paymentTermDays: number;
  currency: Currency;
  seller: InvoiceSeller;
  buyer: {
    company: string;
    vatNumber?: string;
    /** "Your reference" from the checkout (BT-10): a cost centre or a Leitweg-ID; absent when none was given. */
    buyerReference?: string;
    /** The buyer's purchase order number (BT-13); absent when none was given. */
    purchaseOrderNumber?: string;
    contactName: string;
    email: string;
    address: {
      street: string;
      additionalAddressLine?: string;
      zip: string;
      city: string;
      state?: string;
      country: string;
      countryCode: string;
    };
  };
  lines: InvoiceLine[];
  totals: {
    net: number;
    /** Percent: `8.1`. */
    vatRate: number;
    vatAmount: number;
    gross: number;
    vatKind: 'SWISS_VAT' | 'REVERSE_CHARGE' | 'EXPORT';
    /** What each further month of the MONTHLY lines costs; null without one. */
    perMonth: { net: number; vatAmount: number; gross: number } | null;
  };
}

export interface InvoiceSeller {
  name: string;
  street: string;
  buildingNumber?: string;
  zip: string;
  city: string;
  countryCode: 'CH';
  /** `CHE-123.456.788 MWST` */
  vatId: string;
  /**
   * A Swiss IBAN. An ordinary one (the QR-bill then carries an `RF…` creditor reference)
   * also takes plain bank transfers, which USD invoices need; a QR-IBAN would work for the
   * QR-bill (with a QR reference) but refuses transfers without one.
   */
  iban: string;
  email: string;
  /** The seller's phone (BT-42 of the e-invoice's seller contact). */
  phone: string;
  website: string;
}

export interface InvoiceLine {
  title: string;
  paymentFrequency: PaymentFrequency;
  quantity: number;
  /** MONTHLY lines only. */
  periodMonths: number | null;
  /**
   * The days a MONTHLY line of a first invoice covers, ISO days, both included: its first
   * month, from the issue day. Absent on renewals (the invoice's period says it) and on
   * invoices made before lines named it.
   */
  period?: { first: string; last: string };
  /** Per seat, and per month for MONTHLY lines. */
  unitPrice: number;
  /** What this invoice charges for the line: for a MONTHLY line, its first month. */
  total: number;
}

/**
 * The due date: the calendar day `paymentTermDays` after the issue day in the shop's
 * time zone (counting 24-hour steps would slip a day across a DST change). Returned at
 * noon UTC, which is the same calendar day in Europe/Zurich for `formatDate`.
 */
/** Made once: making a DateTimeFormat costs more than the rest of an invoice's dates (docs/decisions/075-invoice-pdfs-in-a-pool.md). */
const zurichDay = new Intl.DateTimeFormat('en-US', { timeZone: defaultTimeZone, year: 'numeric', month: 'numeric', day: 'numeric' });

export function invoiceDueDate(issuedAt: Date, paymentTermDays: number): Date {
  const parts = zurichDay.formatToParts(issuedAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day') + paymentTermDays, 12));
}
