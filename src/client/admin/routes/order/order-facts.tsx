import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import type { Address } from '#shared/schemas/checkout.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { OrderLines, OrderTotals } from '#client/features/orders/order-summary.tsx';
import { Facts } from '../../facts.tsx';
import { internationalPhone } from '../../phone.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { useState } from 'react';
import { useCan } from '../../staff.ts';
import { ReferencesDialog, referencesEditable } from './references-dialog.tsx';

function AddressBlock({ address }: { address: Pick<Address, 'street' | 'additionalAddressLine' | 'zip' | 'city' | 'state' | 'country'> }) {
  const lines = [address.street, address.additionalAddressLine, [address.zip, address.city].filter(Boolean).join(' '), address.state, address.country];
  return (
    <address>
      {lines
        .filter((line) => line && line.trim() !== '')
        .map((line, index) => (
          <span key={index} className="admin-order__line">
            {line}
          </span>
        ))}
    </address>
  );
}

/** Who ordered, where to, what, for how much, what was paid, and the contract's dates. */
export function OrderFacts({ order }: { order: AdminOrder }) {
  const t = useT();
  const { language } = useLanguage();
  const { detail } = order;
  const { company, contact, address, invoiceAddress, invoiceAddressSameAsAddress } = detail.invoiceInfo;
  const canEditReferences = useCan('editor') && referencesEditable.includes(detail.status);
  const [editingReferences, setEditingReferences] = useState(false);
  const dates: [string, string | null][] = [
    [t('admin.order.fact.contractAccepted'), order.contractAccepted && formatDateTime(order.contractAccepted, language)],
    [t('admin.order.fact.availableFrom'), order.availableFrom && formatDate(order.availableFrom, language)],
    [t('admin.order.fact.canceledBy'), order.canceledBy],
    [t('admin.order.fact.terminatedBy'), order.terminatedBy],
    [t('admin.order.fact.terminatedFrom'), order.terminatedFrom && formatDate(order.terminatedFrom, language)],
    [
      t('admin.order.fact.refund'),
      order.refund
        ? order.refunded
          ? t('admin.order.fact.refunded', {
              amount: formatMoney(order.refundAmount ?? 0, order.currency),
              date: order.refundedDate ? formatDate(order.refundedDate, language) : '',
            })
          : t('admin.order.fact.refundPending', { amount: formatMoney(order.refundAmount ?? 0, order.currency) })
        : null,
    ],
  ];
  return (
    <>
      <section aria-labelledby="admin-order-customer" className="admin-order__customer">
        <h2 id="admin-order-customer">{t('admin.order.customer')}</h2>
        <div className="admin-order__grid">
          <div>
            <h3>{t('admin.order.company')}</h3>
            <p>{company.name || '–'}</p>
            {company.vatNumber && <p>{t('admin.order.vatNumber', { vatNumber: company.vatNumber })}</p>}
            {company.buyerReference && <p>{t('admin.order.buyerReference', { reference: company.buyerReference })}</p>}
            {company.purchaseOrderNumber && <p>{t('admin.order.purchaseOrderNumber', { number: company.purchaseOrderNumber })}</p>}
            {canEditReferences && (
              <button type="button" className="admin-button admin-button--secondary" onClick={() => setEditingReferences(true)}>
                {t('admin.order.references.open')}
              </button>
            )}
            {editingReferences && (
              <ReferencesDialog
                orderId={detail.id}
                initial={{ buyerReference: company.buyerReference, purchaseOrderNumber: company.purchaseOrderNumber }}
                onClose={() => setEditingReferences(false)}
              />
            )}
          </div>
          <div>
            <h3>{t('admin.order.contact')}</h3>
            <p>{[contact.firstName, contact.lastName].filter(Boolean).join(' ') || '–'}</p>
            {contact.email && (
              <p>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
            )}
            {contact.phoneNumber && <p>{internationalPhone(contact.phoneCountryCode, contact.phoneNumber)}</p>}
          </div>
          <div>
            <h3>{t('admin.order.address')}</h3>
            <AddressBlock address={address} />
          </div>
          <div>
            <h3>{t('admin.order.billingAddress')}</h3>
            {invoiceAddressSameAsAddress ? <p>{t('admin.order.sameAsAddress')}</p> : <AddressBlock address={invoiceAddress} />}
          </div>
        </div>
      </section>

      <section aria-labelledby="admin-order-lines">
        <h2 id="admin-order-lines">{t('admin.order.lines')}</h2>
        <OrderLines detail={detail} caption={t('admin.order.linesCaption')} />
        <OrderTotals detail={detail} />
      </section>

      <section aria-labelledby="admin-order-payments">
        <h2 id="admin-order-payments">{t('admin.order.payments')}</h2>
        {order.payments.length === 0 ? (
          <p>{t('admin.order.noPayments')}</p>
        ) : (
          <table className="admin-table">
            <caption className="admin-sr-only">{t('admin.order.payments')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.order.payment.date')}</th>
                <th scope="col">{t('admin.order.payment.amount')}</th>
                <th scope="col">{t('admin.order.payment.by')}</th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((payment, index) => (
                <tr key={index}>
                  <td>{formatDate(payment.date, language)}</td>
                  <td>{formatMoney(payment.amount, order.currency)}</td>
                  <td>{payment.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Facts entries={dates} />
      </section>
    </>
  );
}
