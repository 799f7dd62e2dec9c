import { isoDateInZurich } from '#shared/dates.ts';
import { translate } from '#shared/i18n/messages.ts';
import { invoiceDueDate, type InvoiceDocument, type InvoiceLine } from './invoice-document.ts';
import { hasQrBill, paymentTerms } from './invoice-writer.ts';
import { paymentReference } from './qr-bill.ts';
import { element, textElement, xmlDocument, type XmlChild, type XmlElement } from './xml-writer.ts';

/**
 * The e-invoice inside every invoice PDF (docs/decisions/066-factur-x-invoices.md): the
 * printed document as UN/CEFACT Cross Industry Invoice D16B, profile EN 16931 (Factur-X 1.0
 * / ZUGFeRD 2 "EN 16931"), with the same number, dates, period, lines, VAT and totals.
 * Checked in tests against the European Commission's schema and business rules
 * (tests/e-invoice/en16931/).
 */

/** The name the attachment has in the PDF, which Factur-X prescribes. */
export const facturXFileName = 'factur-x.xml';

/**
 * The two profiles one builder writes: `EN16931`, the Factur-X XML inside every PDF, and
 * `XRECHNUNG`, the same invoice as the German CIUS XRechnung 3.0 (CII syntax), which a buyer
 * with a reference (a Leitweg-ID) may download on its own (docs/decisions/068-buyer-references-and-xrechnung.md).
 */
export type EInvoiceProfile = 'EN16931' | 'XRECHNUNG';

/** The guideline (BT-24) of each profile: EN 16931 itself, or XRechnung's specification identifier. */
const guidelines: Record<EInvoiceProfile, string> = {
  EN16931: 'urn:cen.eu:en16931:2017',
  XRECHNUNG: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};

const namespaces = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/**
 * EN 16931's VAT category of each VAT case (docs/product/money-and-vat.md): Swiss VAT is the
 * standard rate `S`; an EU buyer accounts for the VAT itself, `AE` (reverse charge); a buyer
 * elsewhere gets a service exported from Switzerland, `G` ("export outside the EU": `O`,
 * "not subject to VAT", would forbid our VAT id, which every invoice prints).
 */
const vatCategories = {
  SWISS_VAT: { code: 'S' },
  REVERSE_CHARGE: { code: 'AE', exemptionCode: 'VATEX-EU-AE', exemptionKey: 'invoice.eInvoice.reverseCharge' },
  EXPORT: { code: 'G', exemptionCode: 'VATEX-EU-G', exemptionKey: 'invoice.eInvoice.export' },
} as const;

/** A day as CII writes it (format 102): `2026-03-10` -> `20260310`. */
function day(isoDay: string): XmlElement {
  return textElement('udt:DateTimeString', isoDay.replaceAll('-', ''), { format: '102' });
}

/**
 * The buyer's VAT number as BT-48, when EN 16931 can take it: it must begin with the letters
 * of the country that issued it (BR-CO-9). So a number of the buyer's own country (Greece
 * writes EL) or a Swiss UID (which Liechtenstein companies may hold too) is given; what a
 * buyer elsewhere typed in the field (a US tax number) is left out, as only reverse charge
 * needs the buyer's, and there the checkout has checked it is of the buyer's country.
 */
function buyerVatId(buyer: InvoiceDocument['buyer']): string | undefined {
  const id = buyer.vatNumber?.trim();
  if (!id) return undefined;
  const prefix = id.slice(0, 2).toUpperCase();
  const country = buyer.address.countryCode.trim().toUpperCase();
  return prefix === country || (prefix === 'EL' && country === 'GR') || prefix === 'CH' ? id : undefined;
}

function taxRegistration(id: string | undefined): XmlChild {
  return id !== undefined && element('ram:SpecifiedTaxRegistration', [textElement('ram:ID', id, { schemeID: 'VA' })]);
}

/** An element for an optional field, left out when it is empty. */
function optionalText(name: string, value: string | undefined): XmlChild {
  const text = value?.trim();
  return text ? textElement(name, text) : undefined;
}

function emailAddress(email: string): XmlElement {
  return element('ram:URIUniversalCommunication', [textElement('ram:URIID', email, { schemeID: 'EM' })]);
}

/** A period, first and last day included: the invoice's (BT-73, BT-74) or a line's (BT-134, BT-135). */
function billingPeriod(period: { first: string; last: string }): XmlElement {
  return element('ram:BillingSpecifiedPeriod', [element('ram:StartDateTime', [day(period.first)]), element('ram:EndDateTime', [day(period.last)])]);
}

/**
 * The CII document of an invoice, or of a credit note (type 381, naming the invoice it
 * credits; its amounts, negative on the printed page, positive here as EN 16931 wants).
 */
export function facturXml(invoice: InvoiceDocument, profile: EInvoiceProfile = 'EN16931'): string {
  const { seller, buyer, totals, creditNote } = invoice;
  const sign = creditNote ? -1 : 1;
  const amount = (value: number) => (sign * value).toFixed(2);
  const category = vatCategories[totals.vatKind];
  const rate = String(totals.vatRate);
  const exemption =
    'exemptionCode' in category
      ? [textElement('ram:ExemptionReason', translate(invoice.language, category.exemptionKey)), textElement('ram:ExemptionReasonCode', category.exemptionCode)]
      : [];
  const lineTax = element('ram:ApplicableTradeTax', [
    textElement('ram:TypeCode', 'VAT'),
    textElement('ram:CategoryCode', category.code),
    textElement('ram:RateApplicablePercent', rate),
  ]);

  const line = (item: InvoiceLine, index: number) =>
    element('ram:IncludedSupplyChainTradeLineItem', [
      element('ram:AssociatedDocumentLineDocument', [textElement('ram:LineID', String(index + 1))]),
      element('ram:SpecifiedTradeProduct', [textElement('ram:Name', item.title)]),
      element('ram:SpecifiedLineTradeAgreement', [element('ram:NetPriceProductTradePrice', [textElement('ram:ChargeAmount', amount(item.unitPrice))])]),
      // Seats: unit C62, "one".
      element('ram:SpecifiedLineTradeDelivery', [textElement('ram:BilledQuantity', String(item.quantity), { unitCode: 'C62' })]),
      element('ram:SpecifiedLineTradeSettlement', [
        lineTax,
        // The days a first invoice's monthly line covers (BT-134, BT-135), as printed under its title.
        item.period && billingPeriod(item.period),
        element('ram:SpecifiedTradeSettlementLineMonetarySummation', [textElement('ram:LineTotalAmount', amount(item.total))]),
      ]),
    ]);

  const sellerParty = element('ram:SellerTradeParty', [
    textElement('ram:Name', seller.name),
    // The seller's contact (BG-6: BT-41 to BT-43), which XRechnung requires (BR-DE-2, BR-DE-5 to BR-DE-7).
    element('ram:DefinedTradeContact', [
      textElement('ram:PersonName', translate(invoice.language, 'invoice.eInvoice.sellerContact')),
      element('ram:TelephoneUniversalCommunication', [textElement('ram:CompleteNumber', seller.phone)]),
      element('ram:EmailURIUniversalCommunication', [textElement('ram:URIID', seller.email)]),
    ]),
    element('ram:PostalTradeAddress', [
      textElement('ram:PostcodeCode', seller.zip),
      textElement('ram:LineOne', [seller.street, seller.buildingNumber].filter(Boolean).join(' ')),
      textElement('ram:CityName', seller.city),
      textElement('ram:CountryID', seller.countryCode),
    ]),
    emailAddress(seller.email),
    taxRegistration(seller.vatId),
  ]);

  const { address } = buyer;
  const buyerParty = element('ram:BuyerTradeParty', [
    // A buyer without a company name is the person the invoice is addressed to (BT-44 is required).
    textElement('ram:Name', buyer.company.trim() || buyer.contactName),
    element('ram:DefinedTradeContact', [
      optionalText('ram:PersonName', buyer.contactName),
      element('ram:EmailURIUniversalCommunication', [textElement('ram:URIID', buyer.email)]),
    ]),
    element('ram:PostalTradeAddress', [
      optionalText('ram:PostcodeCode', address.zip),
      optionalText('ram:LineOne', address.street),
      optionalText('ram:LineTwo', address.additionalAddressLine),
      optionalText('ram:CityName', address.city),
      textElement('ram:CountryID', address.countryCode.trim().toUpperCase()),
      optionalText('ram:CountrySubDivisionName', address.state),
    ]),
    emailAddress(buyer.email),
    taxRegistration(buyerVatId(buyer)),
  ]);

  const issueDay = isoDateInZurich(invoice.issuedAt);
  // The reference the QR-bill carries; without a QR-bill (USD) the invoice number the page asks for.
  const reference = (hasQrBill(invoice) && paymentReference(seller.iban, invoice.number)) || invoice.number;
  const payment: XmlChild[] = creditNote
    ? [
        element('ram:SpecifiedTradePaymentTerms', [
          textElement('ram:Description', translate(invoice.language, 'invoice.creditNote.settlement', { number: creditNote.invoiceNumber })),
        ]),
      ]
    : [
        element('ram:SpecifiedTradePaymentTerms', [
          textElement('ram:Description', paymentTerms(invoice)),
          element('ram:DueDateDateTime', [day(invoiceDueDate(invoice.issuedAt, invoice.paymentTermDays).toISOString().slice(0, 10))]),
        ]),
      ];
  // Credit transfer: SEPA (58) in euros, an ordinary one (30) in francs and dollars.
  const paymentMeans = creditNote
    ? // A credit note asks for no payment; XRechnung wants payment means on every document (BR-DE-1): "not defined" (1).
      profile === 'XRECHNUNG' && element('ram:SpecifiedTradeSettlementPaymentMeans', [textElement('ram:TypeCode', '1')])
    : element('ram:SpecifiedTradeSettlementPaymentMeans', [
        textElement('ram:TypeCode', invoice.currency === 'EUR' ? '58' : '30'),
        element('ram:PayeePartyCreditorFinancialAccount', [textElement('ram:IBANID', seller.iban.replace(/\s/g, ''))]),
      ]);

  const root = element(
    'rsm:CrossIndustryInvoice',
    [
      element('rsm:ExchangedDocumentContext', [element('ram:GuidelineSpecifiedDocumentContextParameter', [textElement('ram:ID', guidelines[profile])])]),
      element('rsm:ExchangedDocument', [
        textElement('ram:ID', invoice.number),
        textElement('ram:TypeCode', creditNote ? '381' : '380'),
        element('ram:IssueDateTime', [day(issueDay)]),
        creditNote && element('ram:IncludedNote', [textElement('ram:Content', creditNote.reason)]),
      ]),
      element('rsm:SupplyChainTradeTransaction', [
        ...invoice.lines.map(line),
        element('ram:ApplicableHeaderTradeAgreement', [
          // "Your reference" from the checkout (BT-10), which XRechnung requires (BR-DE-15).
          optionalText('ram:BuyerReference', buyer.buyerReference),
          sellerParty,
          buyerParty,
          // Our order number (BT-14), which the page prints beside the invoice number.
          element('ram:SellerOrderReferencedDocument', [textElement('ram:IssuerAssignedID', invoice.orderNumber ?? invoice.number)]),
          // The buyer's purchase order number (BT-13).
          buyer.purchaseOrderNumber?.trim()
            ? element('ram:BuyerOrderReferencedDocument', [textElement('ram:IssuerAssignedID', buyer.purchaseOrderNumber.trim())])
            : undefined,
        ]),
        element('ram:ApplicableHeaderTradeDelivery', []),
        element('ram:ApplicableHeaderTradeSettlement', [
          !creditNote && textElement('ram:PaymentReference', reference),
          textElement('ram:InvoiceCurrencyCode', invoice.currency),
          paymentMeans,
          element('ram:ApplicableTradeTax', [
            textElement('ram:CalculatedAmount', amount(totals.vatAmount)),
            textElement('ram:TypeCode', 'VAT'),
            exemption[0],
            textElement('ram:BasisAmount', amount(totals.net)),
            textElement('ram:CategoryCode', category.code),
            exemption[1],
            textElement('ram:RateApplicablePercent', rate),
          ]),
          invoice.period && billingPeriod(invoice.period),
          ...payment,
          element('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
            textElement('ram:LineTotalAmount', amount(totals.net)),
            textElement('ram:TaxBasisTotalAmount', amount(totals.net)),
            textElement('ram:TaxTotalAmount', amount(totals.vatAmount), { currencyID: invoice.currency }),
            textElement('ram:GrandTotalAmount', amount(totals.gross)),
            textElement('ram:DuePayableAmount', amount(totals.gross)),
          ]),
          // The invoice a credit note corrects (BT-25) and its issue day (BT-26).
          creditNote &&
            element('ram:InvoiceReferencedDocument', [
              textElement('ram:IssuerAssignedID', creditNote.invoiceNumber),
              creditNote.invoiceIssuedOn
                ? element('ram:FormattedIssueDateTime', [textElement('qdt:DateTimeString', creditNote.invoiceIssuedOn.replaceAll('-', ''), { format: '102' })])
                : undefined,
            ]),
        ]),
      ]),
    ],
    namespaces,
  );
  return xmlDocument(root);
}
