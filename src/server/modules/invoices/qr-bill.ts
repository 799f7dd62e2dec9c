import type { Data, Debtor } from 'swissqrbill/types';
import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';
import type { InvoiceDocument } from './invoice-document.ts';
import { toQrBillText } from './pdf-text.ts';

/** Field lengths of the Swiss QR-bill (SIX implementation guidelines 2.3). */
const limits = { name: 70, street: 70, buildingNumber: 16, zip: 16, city: 35 } as const;

/** A field in the QR-bill's characters (pdf-text.ts), names as written, cut to its length. */
function clip(text: string, length: number): string {
  return toQrBillText(text).trim().slice(0, length).trim();
}

/**
 * A structured address wants the house number apart: `Musterstrasse 12a` ->
 * `Musterstrasse` + `12a`. Addresses written number first (`12 Main Street`) stay whole,
 * which the standard allows.
 */
export function splitStreet(line: string): { street: string; buildingNumber?: string } {
  const match = /^(.*\S)\s+(\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$/.exec(line.trim());
  if (!match?.[1] || !match[2]) return { street: line.trim() };
  return { street: match[1], buildingNumber: match[2] };
}

/**
 * An ISO 11649 creditor reference (`RF…`) made from the invoice number, so that the
 * payer's bank passes it on and the payment can be matched: `2026-000123` ->
 * `RF462026000123`. Undefined when the number has no letters or digits, or too many.
 */
export function creditorReference(invoiceNumber: string): string | undefined {
  const body = invoiceNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (body === '' || body.length > 21) return undefined;
  return `RF${calculateSCORReferenceChecksum(body)}${body}`;
}

/**
 * A QR reference (27 digits, the last a check digit) made from the digits of the invoice
 * number: `2026-000123` -> `000000000000000020260001237`.
 */
export function qrReference(invoiceNumber: string): string {
  const digits = invoiceNumber.replace(/\D/g, '');
  if (digits === '' || digits.length > 26) throw new Error(`No QR reference can be made from invoice number ${invoiceNumber}`);
  const body = digits.padStart(26, '0');
  return `${body}${calculateQRReferenceChecksum(body)}`;
}

/**
 * The reference the account asks for: a QR-IBAN accepts only QR references; an ordinary
 * IBAN takes a creditor reference (or none).
 */
export function paymentReference(iban: string, invoiceNumber: string): string | undefined {
  return isQRIBAN(iban.replace(/\s/g, '')) ? qrReference(invoiceNumber) : creditorReference(invoiceNumber);
}

/** The debtor of the QR-bill, or undefined (an empty box to fill in by hand) when the address is incomplete. */
function debtorOf(buyer: InvoiceDocument['buyer']): Debtor | undefined {
  const { street, buildingNumber } = splitStreet(buyer.address.street);
  const debtor = {
    name: clip(buyer.company, limits.name),
    address: clip(street, limits.street),
    zip: clip(buyer.address.zip, limits.zip),
    city: clip(buyer.address.city, limits.city),
    country: buyer.address.countryCode.trim().toUpperCase(),
  };
  const complete = debtor.name && debtor.address && debtor.zip && debtor.city && /^[A-Z]{2}$/.test(debtor.country);
  if (!complete) return undefined;
  const number = buildingNumber ? clip(buildingNumber, limits.buildingNumber) : '';
  return number ? { ...debtor, buildingNumber: number } : debtor;
}

/** The data of the QR-bill for a CHF or EUR invoice. */
export function qrBillData(invoice: InvoiceDocument & { currency: 'CHF' | 'EUR' }): Data {
  const { seller } = invoice;
  const reference = paymentReference(seller.iban, invoice.number);
  const debtor = debtorOf(invoice.buyer);
  return {
    currency: invoice.currency,
    amount: Math.round(invoice.totals.gross * 100) / 100,
    creditor: {
      account: seller.iban,
      name: clip(seller.name, limits.name),
      address: clip(seller.street, limits.street),
      ...(seller.buildingNumber ? { buildingNumber: clip(seller.buildingNumber, limits.buildingNumber) } : {}),
      zip: clip(seller.zip, limits.zip),
      city: clip(seller.city, limits.city),
      country: seller.countryCode,
    },
    ...(debtor ? { debtor } : {}),
    ...(reference ? { reference } : {}),
    message: clip(invoice.number, 140),
  };
}
