import type { ChangeEvent } from 'react';
import { currencies, isCurrency, type Currency } from '#shared/locales.ts';

export interface CurrencySelectProps {
  label?: string;
  value: Currency;
  onChange: (currency: Currency) => void;
  disabled?: boolean;
}

/**
 * The header's currency selector: a select of EUR, USD and CHF with its label, in the app
 * and in the marketing pages' island (src/client/islands/currency-selector.tsx).
 */
export function CurrencySelect({ label, value, onChange, disabled }: CurrencySelectProps) {
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    if (isCurrency(event.target.value)) onChange(event.target.value);
  };
  return (
    <label className="currency-selector">
      <span className="currency-selector__label">{label}</span>
      <select value={value} onChange={change} autoComplete="off" disabled={disabled}>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}
