import { company } from '#shared/company.ts';
import { useT } from '#client/lib/i18n.tsx';

/**
 * Under the tracking page's invoices, folded: what the invoice PDFs are for the buyer's
 * accounting (each also a Factur-X / ZUGFeRD e-invoice, EN 16931), how the QR-bill pays
 * them, and whom to ask (docs/product/invoices.md says the same for accountants).
 */
export function InvoiceFormatsHelp() {
  const t = useT();
  return (
    <details className="tracking-formats">
      <summary>{t('billing.formats.summary')}</summary>
      <p>{t('billing.formats.eInvoice')}</p>
      <p>{t('billing.formats.qrBill')}</p>
      <p>
        {t('billing.formats.help')} <a href={`mailto:${company.email.billing}`}>{company.email.billing}</a>
      </p>
    </details>
  );
}
