import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';

/**
 * What component tests put in the captcha widget's place: the real one solves a
 * proof-of-work puzzle in Web Workers. A button "solve captcha" hands the form
 * `solution-<n>`, n being the times the form made it start over, which `data-reset-signal`
 * shows too. Use it with
 * `vi.mock('#client/ui/captcha/captcha-widget.tsx', () => import('…/tests/helpers/captcha-widget-stand-in.tsx'))`.
 */
export function CaptchaWidget(props: CaptchaWidgetProps) {
  return (
    <div data-testid="captcha" data-site-key={props.siteKey ?? ''} data-reset-signal={String(props.resetSignal ?? 0)}>
      <button type="button" onClick={() => props.onSolved(`solution-${props.resetSignal ?? 0}`)}>
        solve captcha
      </button>
    </div>
  );
}
