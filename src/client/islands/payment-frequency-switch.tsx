import { useEffect, useRef, type ChangeEvent } from 'react';
import { defaultPaymentFrequency, paymentFrequencies, type PaymentFrequency } from '#shared/locales.ts';
import { setPaymentFrequency } from './page-state.ts';
import type { IslandProps } from './types.ts';

export type PaymentFrequencySwitchProps = IslandProps<{ legend: string; monthly: string; oneTime: string }>;

const paymentFrequencyInputName = 'payment-frequency';

function isPaymentFrequency(value: string): value is PaymentFrequency {
  return (paymentFrequencies as readonly string[]).includes(value);
}

/**
 * `data-island="payment-frequency-switch"`: monthly (default) or one-time. It is a radio
 * group, so it works before and without JS: the stylesheet hides the offers of the other
 * frequency with `:has(:checked)`. Mounted, it also publishes the choice on
 * `<body data-payment-frequency>` for the other widgets (add to cart).
 */
export default function PaymentFrequencySwitch({ legend, monthly, oneTime }: PaymentFrequencySwitchProps) {
  const fieldset = useRef<HTMLFieldSetElement>(null);

  // The visitor may have switched before the script arrived, or the browser restored the form.
  useEffect(() => {
    const checked = fieldset.current?.querySelector<HTMLInputElement>('input:checked');
    setPaymentFrequency(checked && isPaymentFrequency(checked.value) ? checked.value : defaultPaymentFrequency);
  }, []);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    if (isPaymentFrequency(event.target.value)) setPaymentFrequency(event.target.value);
  };
  const labels: Record<PaymentFrequency, string | undefined> = { MONTHLY: monthly, ONE_TIME: oneTime };

  return (
    <fieldset className="segmented" ref={fieldset}>
      <legend>{legend}</legend>
      {paymentFrequencies.map((frequency) => (
        <label key={frequency}>
          <input
            type="radio"
            name={paymentFrequencyInputName}
            value={frequency}
            defaultChecked={frequency === defaultPaymentFrequency}
            onChange={change}
          />
          <span>{labels[frequency]}</span>
        </label>
      ))}
    </fieldset>
  );
}
