import { invoiceReferenceMax } from '#shared/schemas/checkout.ts';
import { formLimits } from '#shared/schemas/limits.ts';
import type { Country } from '#shared/schemas/common.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, countryOptions, PhoneNumberField, SelectField, TextField } from '#client/ui/form/fields.tsx';
import type { Form, TextBinding } from '#client/ui/form/use-form.ts';
import { AddressFields } from './address-fields.tsx';
import type { Draft } from './draft.ts';

/**
 * The invoice-info steps of the checkout (invoiceInfo, address, billingAddress, contact):
 * what the visitor types is the page's form (useForm); these components bind its fields.
 */
export interface InvoiceStepProps {
  form: Form<Draft>;
  /** The draft as shown: a country not chosen yet is its default (`withDefaults`). */
  shown: Draft;
  countries: readonly Country[];
  countriesLoading: boolean;
}

export function CompanyStep({ form, vatNumberRequired }: InvoiceStepProps & { vatNumberRequired: boolean }) {
  const t = useT();
  return (
    <>
      <p>{t('checkout.company.intro')}</p>
      <TextField {...form.field('company.name')} label={t('checkout.company.name')} autoComplete="organization" maxLength={formLimits.company} required />
      <TextField
        {...form.field('company.vatNumber')}
        label={t('checkout.company.vatNumber')}
        autoComplete="off"
        maxLength={30}
        required={vatNumberRequired}
        hint={t('checkout.company.vatNumberHint')}
      />
      <TextField
        {...form.field('company.buyerReference')}
        label={t('checkout.company.buyerReference')}
        autoComplete="off"
        maxLength={invoiceReferenceMax}
        hint={t('checkout.company.buyerReferenceHint')}
      />
      <TextField
        {...form.field('company.purchaseOrderNumber')}
        label={t('checkout.company.purchaseOrderNumber')}
        autoComplete="off"
        maxLength={invoiceReferenceMax}
        hint={t('checkout.company.purchaseOrderNumberHint')}
      />
    </>
  );
}

export function AddressStep({ form, shown, countries, countriesLoading }: InvoiceStepProps) {
  const t = useT();
  return (
    <>
      <p>{t('checkout.address.intro')}</p>
      <AddressFields form={form} section="address" countryCode={shown.address.countryCode} countries={countries} countriesLoading={countriesLoading} />
    </>
  );
}

export function BillingStep({ form, shown, countries, countriesLoading, onSameChange }: InvoiceStepProps & { onSameChange: (same: boolean) => void }) {
  const t = useT();
  return (
    <>
      <p>{t('checkout.billing.intro')}</p>
      <CheckboxField {...form.checkbox('invoiceAddressSameAsAddress')} onChange={onSameChange} label={t('checkout.billing.same')} />
      {!shown.invoiceAddressSameAsAddress && (
        <fieldset className="form__fieldset">
          <legend className="form__legend">{t('checkout.billing.legend')}</legend>
          <AddressFields
            form={form}
            section="invoiceAddress"
            countryCode={shown.invoiceAddress.countryCode}
            countries={countries}
            countriesLoading={countriesLoading}
            autoCompleteSection="billing"
          />
        </fieldset>
      )}
    </>
  );
}

export function ContactStep({ form, shown, countries, countriesLoading }: InvoiceStepProps) {
  const t = useT();
  return (
    <>
      <p>{t('checkout.contact.intro')}</p>
      <ContactFields form={form} phoneCountryCode={shown.contact.phoneCountryCode} countries={countries} countriesLoading={countriesLoading} />
    </>
  );
}

type ContactPart = 'firstName' | 'lastName' | 'email' | 'phoneCountryCode' | 'phoneNumber';

/** The fields of the billing contact: the checkout's contact step and the account's billing details. `phoneCountryCode`: the code shown (its default while none is chosen). */
export function ContactFields({
  form,
  phoneCountryCode,
  countries,
  countriesLoading,
}: {
  form: { field: (path: `contact.${ContactPart}`) => TextBinding };
  phoneCountryCode: string;
  countries: readonly Country[];
  countriesLoading: boolean;
}) {
  const { language } = useLanguage();
  const t = useT();
  return (
    <>
      <div className="checkout-pair">
        <TextField {...form.field('contact.firstName')} label={t('forms.firstName.label')} autoComplete="given-name" maxLength={formLimits.name} required />
        <TextField {...form.field('contact.lastName')} label={t('forms.lastName.label')} autoComplete="family-name" maxLength={formLimits.name} required />
      </div>
      <TextField {...form.field('contact.email')} type="email" label={t('forms.email.label')} autoComplete="email" maxLength={formLimits.email} required />
      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('forms.phone.legend')}</legend>
        <div className="form__phone">
          <SelectField
            {...form.field('contact.phoneCountryCode')}
            value={phoneCountryCode}
            label={t('forms.phoneCountryCode.label')}
            autoComplete="country"
            options={countryOptions(countries, language, true)}
            language={language}
            loading={countriesLoading}
            placeholder="whenEmpty"
            required
          />
          <PhoneNumberField
            {...form.field('contact.phoneNumber')}
            label={t('forms.phoneNumber.label')}
            maxLength={formLimits.phoneNumber}
            required
            hint={t('forms.phoneNumber.hint')}
          />
        </div>
      </fieldset>
    </>
  );
}
