import { formLimits } from '#shared/schemas/forms.ts';
import type { Country } from '#shared/schemas/common.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, countryOptions, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { AddressFields } from './address-fields.tsx';
import type { Draft } from './draft.ts';

/**
 * The invoice-info steps 0–3 of the checkout: what the visitor types lives in the page's
 * draft; these components show it and report changes by section and field.
 */
export interface InvoiceStepProps {
  draft: Draft;
  change: (section: 'company' | 'address' | 'invoiceAddress' | 'contact', field: string, value: string) => void;
  /** The error text of a dotted field (`address.zip`), if any. */
  errorOf: (field: string) => string | undefined;
  countries: readonly Country[];
  countriesLoading: boolean;
}

export function CompanyStep({ draft, change, errorOf, vatNumberRequired }: InvoiceStepProps & { vatNumberRequired: boolean }) {
  const t = useT();
  return (
    <>
      <p>{t('checkout.company.intro')}</p>
      <TextField
        id="checkout-company-name"
        label={t('checkout.company.name')}
        value={draft.company.name}
        onChange={(value) => change('company', 'name', value)}
        autoComplete="organization"
        maxLength={formLimits.company}
        required
        error={errorOf('company.name')}
      />
      <TextField
        id="checkout-company-vatNumber"
        label={t('checkout.company.vatNumber')}
        value={draft.company.vatNumber}
        onChange={(value) => change('company', 'vatNumber', value)}
        autoComplete="off"
        maxLength={30}
        required={vatNumberRequired}
        hint={t('checkout.company.vatNumberHint')}
        error={errorOf('company.vatNumber')}
      />
    </>
  );
}

export function AddressStep({ draft, change, errorOf, countries, countriesLoading }: InvoiceStepProps) {
  const t = useT();
  return (
    <>
      <p>{t('checkout.address.intro')}</p>
      <AddressFields
        idPrefix="checkout-address"
        value={draft.address}
        onChange={(field, value) => change('address', field, value)}
        errorOf={(field) => errorOf(`address.${field}`)}
        countries={countries}
        countriesLoading={countriesLoading}
      />
    </>
  );
}

export function BillingStep({
  draft,
  change,
  errorOf,
  countries,
  countriesLoading,
  onSameChange,
}: InvoiceStepProps & { onSameChange: (same: boolean) => void }) {
  const t = useT();
  return (
    <>
      <p>{t('checkout.billing.intro')}</p>
      <CheckboxField
        id="checkout-invoiceAddressSameAsAddress"
        label={t('checkout.billing.same')}
        checked={draft.invoiceAddressSameAsAddress}
        onChange={onSameChange}
        error={errorOf('invoiceAddressSameAsAddress')}
      />
      {!draft.invoiceAddressSameAsAddress && (
        <fieldset className="form__fieldset">
          <legend className="form__legend">{t('checkout.billing.legend')}</legend>
          <AddressFields
            idPrefix="checkout-invoiceAddress"
            value={draft.invoiceAddress}
            onChange={(field, value) => change('invoiceAddress', field, value)}
            errorOf={(field) => errorOf(`invoiceAddress.${field}`)}
            countries={countries}
            countriesLoading={countriesLoading}
            autoCompleteSection="billing"
          />
        </fieldset>
      )}
    </>
  );
}

export function ContactStep({ draft, change, errorOf, countries, countriesLoading }: InvoiceStepProps) {
  const { language } = useLanguage();
  const t = useT();
  const { contact } = draft;
  return (
    <>
      <p>{t('checkout.contact.intro')}</p>
      <div className="checkout-pair">
        <TextField
          id="checkout-contact-firstName"
          label={t('forms.firstName.label')}
          value={contact.firstName}
          onChange={(value) => change('contact', 'firstName', value)}
          autoComplete="given-name"
          maxLength={formLimits.name}
          required
          error={errorOf('contact.firstName')}
        />
        <TextField
          id="checkout-contact-lastName"
          label={t('forms.lastName.label')}
          value={contact.lastName}
          onChange={(value) => change('contact', 'lastName', value)}
          autoComplete="family-name"
          maxLength={formLimits.name}
          required
          error={errorOf('contact.lastName')}
        />
      </div>
      <TextField
        id="checkout-contact-email"
        type="email"
        label={t('forms.email.label')}
        value={contact.email}
        onChange={(value) => change('contact', 'email', value)}
        autoComplete="email"
        maxLength={formLimits.email}
        required
        error={errorOf('contact.email')}
      />
      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('forms.phone.legend')}</legend>
        <div className="form__phone">
          <SelectField
            id="checkout-contact-phoneCountryCode"
            label={t('forms.phoneCountryCode.label')}
            value={contact.phoneCountryCode}
            onChange={(value) => change('contact', 'phoneCountryCode', value)}
            autoComplete="country"
            options={countryOptions(countries, language, true)}
            language={language}
            loading={countriesLoading}
            placeholder="whenEmpty"
            required
            error={errorOf('contact.phoneCountryCode')}
          />
          <TextField
            id="checkout-contact-phoneNumber"
            type="tel"
            label={t('forms.phoneNumber.label')}
            value={contact.phoneNumber}
            onChange={(value) => change('contact', 'phoneNumber', value)}
            autoComplete="tel-national"
            maxLength={formLimits.phoneNumber}
            required
            hint={t('forms.phoneNumber.hint')}
            error={errorOf('contact.phoneNumber')}
          />
        </div>
      </fieldset>
    </>
  );
}
