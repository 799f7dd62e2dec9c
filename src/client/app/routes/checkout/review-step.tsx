import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { Country } from '#shared/schemas/common.ts';
import { internationalPhone } from '#shared/phone.ts';
import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { useT } from '#client/lib/i18n.tsx';
import type { CheckoutStep } from './checkout-steps.ts';
import type { AddressDraft, Draft } from './draft.ts';
import { searchOfStep } from './step-url.ts';
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
 * A block of the review: its heading, what was entered, and a "Change" link to the step
 * it was entered in (a real link to that step's address; a click moves there as the
 * step buttons do, the focus on its heading).
 */
function ReviewBlock({ id, title, step, onChange, children }: { id: string; title: MessageKey; step: CheckoutStep; onChange: (step: CheckoutStep) => void; children: ReactNode }) {
  const t = useT();
  const change = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onChange(step);
  };
  return (
    <section aria-labelledby={id}>
      <div className="checkout-summary__head">
        <h3 id={id}>{t(title)}</h3>
        <Link className="checkout-summary__change" to={{ search: searchOfStep(step) }} onClick={change}>
          {t('checkout.review.change')} <span className="form__sr-only">{t(title)}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

/**
 * The review step: what was entered, each block with a "Change" link back to its step,
 * the legal texts and the "I agree" box. The order's lines and
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
  onChangeStep,
}: {
  onChangeStep: (step: CheckoutStep) => void;
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
        <ReviewBlock id="checkout-summary-company" title="checkout.review.company" step="invoiceInfo" onChange={onChangeStep}>
          <p>
            <span className="checkout-summary__line">{company.name}</span>
            {company.vatNumber && (
              <span className="checkout-summary__line">{t('checkout.review.vatNumber', { vatNumber: company.vatNumber })}</span>
            )}
          </p>
        </ReviewBlock>
        <ReviewBlock id="checkout-summary-address" title="checkout.review.address" step="address" onChange={onChangeStep}>
          <AddressLines address={draft.address} countries={countries} />
        </ReviewBlock>
        <ReviewBlock id="checkout-summary-billing" title="checkout.review.billingAddress" step="billingAddress" onChange={onChangeStep}>
          {draft.invoiceAddressSameAsAddress ? (
            <p>{t('checkout.review.sameAsAddress')}</p>
          ) : (
            <AddressLines address={draft.invoiceAddress} countries={countries} />
          )}
        </ReviewBlock>
        <ReviewBlock id="checkout-summary-contact" title="checkout.review.contact" step="contact" onChange={onChangeStep}>
          <p>
            <span className="checkout-summary__line">
              {contact.firstName} {contact.lastName}
            </span>
            <span className="checkout-summary__line">{contact.email}</span>
            <span className="checkout-summary__line">{internationalPhone(phoneCode, contact.phoneCountryCode, contact.phoneNumber)}</span>
          </p>
        </ReviewBlock>
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
