import { useState } from 'react';
import { geoCalls } from '#shared/contract/geo.ts';
import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { formLimits, roles } from '#shared/schemas/limits.ts';
import { countryOptions, PhoneNumberField, SelectField, TextField } from './fields.tsx';
import { readChosenCountry, rememberChosenCountry } from './chosen-country.ts';
import type { PageQuery } from '#client/lib/lazy-route.ts';
import { useHydrated } from '#client/lib/hydration.tsx';
import { useFormData } from './form-data.ts';
import type { TextBinding } from './use-form.ts';

/**
 * Fields that several public forms ask for, each with its label, autofill token and
 * length limit; a form binds them to its own values (`{...form.field('email')}`) and
 * declares the fields only it asks for itself. Texts are in the `forms.*` catalogue area.
 */
type BoundField = TextBinding & { language: Language };

export function FirstNameField({ language, ...binding }: BoundField) {
  return <TextField {...binding} label={translate(language, 'forms.firstName.label')} autoComplete="given-name" maxLength={formLimits.name} required />;
}

export function LastNameField({ language, ...binding }: BoundField) {
  return <TextField {...binding} label={translate(language, 'forms.lastName.label')} autoComplete="family-name" maxLength={formLimits.name} />;
}

export function EmailField({ language, ...binding }: BoundField) {
  return (
    <TextField {...binding} type="email" label={translate(language, 'forms.email.label')} autoComplete="email" maxLength={formLimits.email} required />
  );
}

function CompanyNameField({ language, ...binding }: BoundField) {
  return <TextField {...binding} label={translate(language, 'forms.companyName.label')} autoComplete="organization" maxLength={formLimits.company} />;
}

/** The person a public form is about: first and last name, e-mail and company. */
export const emptyPerson = { firstName: '', lastName: '', email: '', companyName: '' };

export function PersonFields({ field, language }: { field: (path: keyof typeof emptyPerson) => TextBinding; language: Language }) {
  return (
    <>
      <FirstNameField {...field('firstName')} language={language} />
      <LastNameField {...field('lastName')} language={language} />
      <EmailField {...field('email')} language={language} />
      <CompanyNameField {...field('companyName')} language={language} />
    </>
  );
}

/** A select of an enumeration whose option texts are `forms.<name>.<value>`. */
export function ChoiceField({
  language,
  options,
  required,
  ...binding
}: BoundField & { name: 'role' | 'experienceLevel' | 'recipient'; options: readonly string[]; required?: boolean }) {
  const t = (key: MessageKey) => translate(language, key);
  return (
    <SelectField
      {...binding}
      label={t(`forms.${binding.name}.label`)}
      options={options.map((option) => ({ value: option, label: t(`forms.${binding.name}.${option}` as MessageKey) }))}
      language={language}
      required={required}
    />
  );
}

export function RoleField(props: BoundField) {
  return <ChoiceField {...props} name="role" options={roles} />;
}

/**
 * The calls every form with a country reads (the phone fields, the checkout's addresses):
 * the countries and the visitor's country, with their input. A page the server renders
 * with such a form answers them first (lazy-route.ts).
 */
export function countriesCalls(language: Language) {
  return [
    { call: geoCalls.countries, input: { query: { language } } },
    { call: geoCalls.visitorCountry, input: {} },
  ] as const satisfies PageQuery[];
}

/**
 * The phone fields' data: the countries for the code select and the code's default until
 * one is chosen: the country the visitor chose before in this browser (chosen-country.ts),
 * else the visitor's country, which may be only a guess from the browser's language.
 */
export function usePhoneCountries(language: Language) {
  const [countriesCall, visitorCountryCall] = countriesCalls(language);
  const countries = useFormData(countriesCall.call, countriesCall.input);
  const visitorCountry = useFormData(visitorCountryCall.call, visitorCountryCall.input);
  // This browser's choice, which the server cannot know: a page it rendered starts with the
  // visitor's country, and the choice follows once the page is live.
  const [chosen] = useState(readChosenCountry);
  const live = useHydrated();
  const defaultCode = (live ? chosen : undefined) ?? (visitorCountry.status === 'loaded' ? visitorCountry.data.code : '');
  return { countries, visitorCountry, defaultCode };
}

type PhoneCountries = ReturnType<typeof usePhoneCountries>;

/** A phone number goes with its country (the visitor's unless another was chosen); none is sent without a number. */
export function withPhone<Values extends { phoneCountryCode: string; phoneNumber: string }>(values: Values, phone: PhoneCountries) {
  const { phoneCountryCode, phoneNumber, ...others } = values;
  return phoneNumber.trim() === '' ? others : { ...others, phoneNumber, phoneCountryCode: phoneCountryCode || phone.defaultCode };
}

/** The country-code select and the number, in one group. */
export function PhoneFields({ code, number, phone, language }: { code: TextBinding; number: TextBinding; phone: PhoneCountries; language: Language }) {
  const t = (key: MessageKey) => translate(language, key);
  const { countries, visitorCountry } = phone;
  const list = countries.status === 'loaded' ? countries.data : [];
  // Until the list is there, the default country is offered alone so the select shows it.
  const offered = list.length > 0 ? list : visitorCountry.status === 'loaded' && visitorCountry.data.code === phone.defaultCode ? [visitorCountry.data] : [];
  return (
    <fieldset className="form__fieldset">
      <legend className="form__legend">{t('forms.phone.legend')}</legend>
      <div className="form__phone">
        <SelectField
          {...code}
          onChange={(value) => {
            rememberChosenCountry(value);
            code.onChange(value);
          }}
          value={code.value || phone.defaultCode}
          className="form__field--country"
          label={t('forms.phoneCountryCode.label')}
          options={countryOptions(offered, language, true)}
          language={language}
          autoComplete="country"
          loading={countries.status === 'loading'}
          placeholder="whenEmpty"
        />
        <PhoneNumberField
          {...number}
          className="form__field--phone-number"
          label={t('forms.phoneNumber.label')}
          maxLength={formLimits.phoneNumber}
          hint={t('forms.phoneNumber.hint')}
        />
      </div>
    </fieldset>
  );
}
