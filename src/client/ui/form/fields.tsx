import { startTransition, useEffect, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Country } from '#shared/schemas/common.ts';
import { dateRange } from '#shared/schemas/limits.ts';
import type { Language } from '#shared/locales.ts';
import { translate } from '#client/lib/translate.ts';
import './form-layout.css';

/**
 * The form primitives every form is made of: a labelled input with its hint and its
 * error underneath. The error is linked by `aria-describedby` and marks the input
 * `aria-invalid`; a required field shows a `*` that screen readers skip (the input's
 * `required` says it to them).
 */
interface FieldProps {
  id: string;
  label: string;
  /** The error text in the current language, if the field has one. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** Extra class of the field's wrapper (layout in a grid). */
  className?: string | undefined;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

function invalidProps(id: string, hint: unknown, error: unknown) {
  return { 'aria-invalid': error ? ('true' as const) : undefined, 'aria-describedby': describedBy(id, hint, error) };
}

function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? (
    <span className="form__required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

function Label({ id, label, required }: { id: string; label: ReactNode; required?: boolean | undefined }) {
  return (
    <label className="form__label" htmlFor={id}>
      {label}
      <RequiredMark required={required} />
    </label>
  );
}

/** An error under its field; `alert` announces it at once (errors not tied to an input). */
export function FieldError({ id, error, alert = false }: { id: string; error: string | undefined; alert?: boolean }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="form__error" role={alert ? 'alert' : undefined}>
      {error}
    </p>
  );
}

/**
 * What is wrong with a form but shown at none of its fields (`Form.elsewhere`): one alert
 * above the fields, which the focus moves to when no field has a problem.
 */
export function FormProblems({ texts }: { texts: readonly string[] }) {
  if (texts.length === 0) return null;
  return (
    <div className="form__alert" role="alert" tabIndex={-1}>
      {texts.map((text, index) => (
        <p key={index}>{text}</p>
      ))}
    </div>
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
      <FieldError id={id} error={error} />
    </>
  );
}

/** A field's wrapper: its label, the control (`children`), then its hint and error. */
function FieldShell({ id, label, required, hint, error, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={className ? `form__field ${className}` : 'form__field'}>
      <Label id={id} label={label} required={required} />
      {children}
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/** What every control with a text value takes: its value and where a change goes. */
type TextValueProps = { name?: string | undefined; value: string; onChange: (value: string) => void };

/** The attributes an input, a textarea and a select have alike: name, value, change, required, and the links to the hint and error. */
function valueControlProps({ id, name, value, onChange, required, hint, error }: TextValueProps & Pick<FieldProps, 'id' | 'required' | 'hint' | 'error'>) {
  return {
    id,
    name,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value),
    required,
    ...invalidProps(id, hint, error),
  };
}

/** What every single-line input takes. */
type InputProps = FieldProps & TextValueProps;

/**
 * The one labelled `<input>` with its hint and error; the exported fields below choose its
 * type and the attributes that go with it.
 */
function InputField({ type, attributes, required = false, ...props }: InputProps & { type: string; attributes?: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <FieldShell {...props} required={required}>
      <input className="form__input" type={type} {...attributes} {...valueControlProps({ ...props, required })} />
    </FieldShell>
  );
}

/**
 * The number of a phone beside its country code (PhoneFields, the checkout's contact): a
 * text input with the phone keypad, as `autocomplete="tel-national"` (the number without
 * its country code) belongs on text inputs only; `type="tel"` takes the whole number.
 */
export function PhoneNumberField({ maxLength, ...props }: InputProps & { maxLength: number }) {
  return <InputField {...props} type="text" attributes={{ autoComplete: 'tel-national', maxLength, inputMode: 'tel', spellCheck: false }} />;
}

export function TextField({
  type = 'text',
  autoComplete,
  maxLength,
  ...props
}: InputProps & { autoComplete: string; maxLength: number; type?: 'text' | 'email' | 'password' }) {
  const inputMode = type === 'email' ? 'email' : undefined;
  return <InputField {...props} type={type} attributes={{ autoComplete, maxLength, inputMode, spellCheck: type === 'text' ? undefined : false }} />;
}

export function TextAreaField({ maxLength, rows, required = false, ...props }: InputProps & { maxLength: number; rows: number }) {
  return (
    <FieldShell {...props} required={required}>
      <textarea className="form__input form__textarea" rows={rows} maxLength={maxLength} {...valueControlProps({ ...props, required })} />
    </FieldShell>
  );
}

/** A day, with the browser's own date picker, offering the days the API takes (or fewer); the value is an ISO date (`2026-11-23`). */
export function DateField({ min = dateRange.first, max = dateRange.last, ...props }: InputProps & { min?: string; max?: string }) {
  return <InputField {...props} type="date" attributes={{ min, max }} />;
}

/** A time of day, with the browser's own picker; the value is `14:30` (24-hour). */
export function TimeField(props: InputProps) {
  return <InputField {...props} type="time" />;
}

/** A whole number between `min` and `max`; the value stays the text typed, so the shared schema names a problem. */
export function NumberField({ min, max, ...props }: InputProps & { min: number; max: number }) {
  return <InputField {...props} type="number" attributes={{ inputMode: 'numeric', min, max, step: 1 }} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A select. While nothing is chosen, a "Please choose" placeholder is offered; a value
 * that is not among the options (still loading) is shown as it is.
 */
export function SelectField({
  required = false,
  options,
  language,
  autoComplete = 'off',
  loading = false,
  placeholder = 'always',
  ...props
}: InputProps & {
  options: readonly SelectOption[];
  language: Language;
  autoComplete?: string;
  loading?: boolean;
  /** `always`: an empty first option; `whenEmpty`: only while nothing is chosen. */
  placeholder?: 'always' | 'whenEmpty';
}) {
  const { value } = props;
  const known = value === '' || options.some((option) => option.value === value);
  const { shown, complete, showAll } = useOptionsInSteps(options);
  return (
    <FieldShell {...props} required={required}>
      <select
        className="form__input form__select"
        autoComplete={autoComplete}
        aria-busy={loading || !complete ? true : undefined}
        {...valueControlProps({ ...props, required })}
        onFocus={showAll}
        onPointerDown={showAll}
      >
        {(placeholder === 'always' || value === '') && <option value="">{translate(language, 'forms.select.placeholder')}</option>}
        {!known && <option value={value}>{value}</option>}
        {options.filter((option, index) => index < shown || option.value === value).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** How many options a select adds per step when a long list arrives after its first render. */
const optionsPerStep = 50;

/**
 * The options a select renders of a list that grew after its first render (the 250
 * countries a live page fetches): the first render's count, then 50 more per step, each
 * step a transition of its own after the browser's next task. Creating 250 options at once
 * is one task of 10 ms and more on a phone; in steps it is several short ones. A visitor
 * who reaches for the select (focus, pointer) gets the whole list at once, and the chosen
 * option is always rendered, so the closed select shows it.
 */
function useOptionsInSteps(options: readonly SelectOption[]) {
  const [shown, setShown] = useState(options.length);
  const complete = shown >= options.length;
  useEffect(() => {
    if (complete) return;
    const step = setTimeout(() => startTransition(() => setShown((count) => count + optionsPerStep)));
    return () => clearTimeout(step);
  }, [complete, shown]);
  const showAll = () => {
    if (!complete) setShown(Number.POSITIVE_INFINITY);
  };
  return { shown, complete, showAll };
}

/** The countries of `GET /country/` as options; `withPhoneCode` writes "Switzerland (+41)". */
export function countryOptions(countries: readonly Country[], language: Language, withPhoneCode = false): SelectOption[] {
  return countries.map((country) => ({
    value: country.code,
    label:
      withPhoneCode && country.phoneCode
        ? translate(language, 'forms.phoneCountryCode.option', { country: country.name, phoneCode: country.phoneCode })
        : country.name,
  }));
}

export function CheckboxField({
  id,
  label,
  error,
  required = false,
  name,
  value,
  checked,
  onChange,
  className = 'form__field form__consent',
}: Omit<FieldProps, 'label' | 'hint' | 'className'> & {
  label: ReactNode;
  name?: string;
  value?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <input
        id={id}
        className="form__checkbox"
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        required={required}
        {...invalidProps(id, undefined, error)}
      />
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The submit button of a form that waits for something (consent, the captcha): disabled
 * until `ready`, with a hint that says what is missing linked to it meanwhile.
 */
export function SubmitButton({
  id,
  ready,
  busy,
  label,
  hint,
  className = 'form__submit',
}: {
  id: string;
  ready: boolean;
  busy: boolean;
  /** The text, already in the current language (say "Sending…" while busy). */
  label: string;
  hint: string;
  className?: string;
}) {
  const waiting = !ready && !busy;
  return (
    <>
      <button type="submit" className={className} disabled={!ready || busy} aria-describedby={waiting ? `${id}-hint` : undefined}>
        {label}
      </button>
      {waiting && (
        <p id={`${id}-hint`} className="form__hint">
          {hint}
        </p>
      )}
    </>
  );
}
