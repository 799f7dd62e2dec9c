import type { ReactNode } from 'react';
import type { Country } from '#shared/schemas/common.ts';
import { useT } from '#client/lib/i18n.tsx';

/**
 * Labelled inputs of the checkout forms, with the markup and classes of the shared form
 * layout (`form__field`, `form__label`, `form__input`, `form__error`): an error sits under
 * its field, linked by `aria-describedby`, and marks the input `aria-invalid`.
 */
interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label className="form__label" htmlFor={id}>
      {label}
      {required && (
        <span className="form__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}

function HintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="form__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({
  id,
  label,
  error,
  hint,
  required = false,
  value,
  onChange,
  autoComplete,
  maxLength,
  type = 'text',
  className,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  maxLength: number;
  type?: 'text' | 'email' | 'tel';
  className?: string;
}) {
  return (
    <div className={className ? `form__field ${className}` : 'form__field'}>
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        className="form__input"
        type={type}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        spellCheck={type === 'text' ? undefined : false}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/** A select of the countries of `GET /country/`; until they arrive, the chosen one alone. */
export function CountrySelect({
  id,
  label,
  error,
  hint,
  required = false,
  value,
  onChange,
  autoComplete,
  countries,
  loading,
  optionText = (country) => country.name,
  className,
}: FieldProps & {
  value: string;
  onChange: (code: string) => void;
  autoComplete: string;
  countries: readonly Country[];
  loading: boolean;
  optionText?: (country: Country) => string;
  className?: string;
}) {
  const t = useT();
  const known = countries.some((country) => country.code === value);
  return (
    <div className={className ? `form__field ${className}` : 'form__field'}>
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        className="form__input form__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        required={required}
        aria-busy={loading ? true : undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {value === '' && <option value="">{t('forms.select.placeholder')}</option>}
        {value !== '' && !known && <option value={value}>{value}</option>}
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {optionText(country)}
          </option>
        ))}
      </select>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

export function CheckboxField({
  id,
  label,
  error,
  required = false,
  checked,
  onChange,
}: Omit<FieldProps, 'label' | 'hint'> & { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="form__field form__consent">
      <input
        id={id}
        className="form__checkbox"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="form__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
}
