import type { Country } from '#shared/schemas/common.ts';
import { useT } from '#client/lib/i18n.tsx';
import type { AddressDraft, Draft } from './draft.ts';
import { LegalAgreement, type LegalTextsState } from './legal-agreement.tsx';

function countryName(code: string, fallback: string, countries: readonly Country[]): string {
  return countries.find((country) => country.code === code)?.name ?? (fallback || code);
}

function AddressLines({ address, countries }: { address: AddressDraft; countries: readonly Country[] }) {
  const lines = [
    address.street,
    address.additionalAddressLine,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.state,
    countryName(address.countryCode, address.country, countries),
  ].filter((line) => line.trim() !== '');
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index} className="checkout-summary__line">
          {line}
        </span>
      ))}
    </address>
  );
}

/**
 * The review step: what was entered, the legal texts and the "I agree" box. The order's lines and
 * amounts stand beside it, as beside every step (checkout-summary.tsx).
 */
export function ReviewStep({
  draft,
  detailFailed,
  onReloadDetail,
  countries,
  legal,
  onRetryLegal,
  agreed,
  onAgreedChange,
  agreeError,
}: {
  draft: Draft;
  detailFailed: boolean;
  onReloadDetail: () => void;
  countries: readonly Country[];
  legal: LegalTextsState;
  onRetryLegal: () => void;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  agreeError: string | undefined;
}) {
  const t = useT();
  const { company, contact } = draft;
  const phoneCode = countries.find((country) => country.code === contact.phoneCountryCode)?.phoneCode;
  return (
    <>
      <div className="checkout-summary">
        <section aria-labelledby="checkout-summary-company">
          <h3 id="checkout-summary-company">{t('checkout.review.company')}</h3>
          <p>
            <span className="checkout-summary__line">{company.name}</span>
            {company.vatNumber && (
              <span className="checkout-summary__line">{t('checkout.review.vatNumber', { vatNumber: company.vatNumber })}</span>
            )}
          </p>
        </section>
        <section aria-labelledby="checkout-summary-address">
          <h3 id="checkout-summary-address">{t('checkout.review.address')}</h3>
          <AddressLines address={draft.address} countries={countries} />
        </section>
        <section aria-labelledby="checkout-summary-billing">
          <h3 id="checkout-summary-billing">{t('checkout.review.billingAddress')}</h3>
          {draft.invoiceAddressSameAsAddress ? (
            <p>{t('checkout.review.sameAsAddress')}</p>
          ) : (
            <AddressLines address={draft.invoiceAddress} countries={countries} />
          )}
        </section>
        <section aria-labelledby="checkout-summary-contact">
          <h3 id="checkout-summary-contact">{t('checkout.review.contact')}</h3>
          <p>
            <span className="checkout-summary__line">
              {contact.firstName} {contact.lastName}
            </span>
            <span className="checkout-summary__line">{contact.email}</span>
            <span className="checkout-summary__line">{[phoneCode, contact.phoneNumber].filter(Boolean).join(' ')}</span>
          </p>
        </section>
      </div>
      {detailFailed && (
        <div className="checkout-alert" role="alert">
          <p>{t('checkout.review.detailFailed')}</p>
          <button type="button" className="checkout-button checkout-button--secondary" onClick={onReloadDetail}>
            {t('checkout.retry')}
          </button>
        </div>
      )}
      <LegalAgreement legal={legal} onRetry={onRetryLegal} agreed={agreed} onAgreedChange={onAgreedChange} error={agreeError} />
    </>
  );
}
