import { useT } from '#client/lib/i18n.tsx';
import type { LegalText } from '#shared/schemas/checkout.ts';
import { CheckboxField } from '#client/ui/form/fields.tsx';

export type LegalTextsState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; texts: LegalText[] };

/** The legal texts with their links and the one "I agree" box of the review step. */
export function LegalAgreement({
  legal,
  onRetry,
  agreed,
  onAgreedChange,
  error,
}: {
  legal: LegalTextsState;
  onRetry: () => void;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <section className="checkout-legal" aria-labelledby="checkout-legal-title">
      <h3 id="checkout-legal-title">{t('checkout.legal.title')}</h3>
      {legal.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {legal.status === 'failed' && (
        <div className="checkout-alert" role="alert">
          <p>{t('checkout.legal.loadFailed')}</p>
          <button type="button" className="checkout-button checkout-button--secondary" onClick={onRetry}>
            {t('checkout.retry')}
          </button>
        </div>
      )}
      {legal.status === 'loaded' && (
        <ul className="checkout-legal__texts">
          {legal.texts.map((text) => (
            <li key={text.id}>
              <a href={text.url} target="_blank" rel="noopener">
                {text.title}
                <span className="form__sr-only"> {t('forms.newTab')}</span>
              </a>
              <p>{text.summary}</p>
            </li>
          ))}
        </ul>
      )}
      <CheckboxField
        id="checkout-agreeWithLegalTexts"
        label={t('checkout.legal.agree')}
        checked={agreed}
        onChange={onAgreedChange}
        required
        error={error}
      />
    </section>
  );
}
