import type { SiteKeyCall } from '#shared/contract/captcha.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { CaptchaWidget } from '#client/ui/captcha/captcha-widget.tsx';
import { FieldError } from './fields.tsx';
import { useFormData } from './form-data.ts';

/**
 * The captcha of a form: loads its family's site key (`siteKeyCalls`), shows the
 * widget and, under it, the server's refusal of the solution. Bumping `resetSignal` makes
 * the widget start over (after a refusal, or once a solution was spent).
 */
export function CaptchaField({
  id,
  siteKeyCall,
  language,
  error,
  resetSignal,
  onSolved,
  onReset,
  puzzleUrl,
}: {
  id: string;
  siteKeyCall: SiteKeyCall;
  language: Language;
  error: string | undefined;
  resetSignal: number;
  onSolved: (solution: string) => void;
  onReset: () => void;
  puzzleUrl?: string | undefined;
}) {
  const siteKey = useFormData(siteKeyCall);
  return (
    <div className={error ? 'form__captcha form__captcha--invalid' : 'form__captcha'}>
      {siteKey.status === 'loading' ? (
        <p className="form__hint">{translate(language, 'common.loading')}</p>
      ) : (
        <CaptchaWidget
          siteKey={siteKey.status === 'loaded' ? siteKey.data.siteKey : undefined}
          language={language}
          onSolved={onSolved}
          onReset={onReset}
          resetSignal={resetSignal}
          {...(puzzleUrl ? { puzzleUrl } : {})}
        />
      )}
      <FieldError id={id} error={error} alert />
    </div>
  );
}
