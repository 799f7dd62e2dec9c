import type { Country } from '#shared/schemas/common.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { countryOptions, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { rememberChosenCountry } from '#client/ui/form/chosen-country.ts';
import type { TextBinding } from '#client/ui/form/use-form.ts';

type AddressPart = 'street' | 'additionalAddressLine' | 'zip' | 'city' | 'state' | 'countryCode';

/** What the fields need of a form holding an address at `section`: the checkout's draft, the account's billing details. */
interface AddressForm<Section extends string> {
  field: (path: `${Section}.${AddressPart}`) => TextBinding;
  set: (path: `${Section}.countryCode`, value: string) => void;
}

/**
 * The fields of an address, the draft's `address` or `invoiceAddress`. `countryCode` is
 * the country shown (the default while none is chosen). `autoCompleteSection` is the
 * autofill section prefix: `billing` makes the billing address fill as
 * `billing address-line1`…
 */
export function AddressFields<Section extends 'address' | 'invoiceAddress'>({
  form,
  section,
  countryCode,
  countries,
  countriesLoading,
  autoCompleteSection,
}: {
  form: AddressForm<Section>;
  section: Section;
  countryCode: string;
  countries: readonly Country[];
  countriesLoading: boolean;
  autoCompleteSection?: 'billing';
}) {
  const { language } = useLanguage();
  const t = useT();
  const token = (name: string) => (autoCompleteSection ? `${autoCompleteSection} ${name}` : name);
  return (
    <div className="checkout-address">
      <TextField
        {...form.field(`${section}.street`)}
        label={t('checkout.address.street')}
        autoComplete={token('address-line1')}
        maxLength={100}
        required
        className="checkout-address__wide"
      />
      <TextField
        {...form.field(`${section}.additionalAddressLine`)}
        label={t('checkout.address.additionalAddressLine')}
        autoComplete={token('address-line2')}
        maxLength={100}
        className="checkout-address__wide"
      />
      <TextField
        {...form.field(`${section}.zip`)}
        label={t('checkout.address.zip')}
        autoComplete={token('postal-code')}
        maxLength={16}
        required
        className="checkout-address__zip"
      />
      <TextField
        {...form.field(`${section}.city`)}
        label={t('checkout.address.city')}
        autoComplete={token('address-level2')}
        maxLength={100}
        required
        className="checkout-address__city"
      />
      <TextField
        {...form.field(`${section}.state`)}
        label={t('checkout.address.state')}
        autoComplete={token('address-level1')}
        maxLength={100}
        className="checkout-address__wide"
      />
      <SelectField
        {...form.field(`${section}.countryCode`)}
        onChange={(value) => {
          // The visitor's own choice: the phone fields of the other forms start with it.
          rememberChosenCountry(value);
          form.set(`${section}.countryCode`, value);
        }}
        value={countryCode}
        label={t('checkout.address.country')}
        autoComplete={token('country')}
        options={countryOptions(countries, language)}
        language={language}
        loading={countriesLoading}
        placeholder="whenEmpty"
        required
        className="checkout-address__wide"
      />
    </div>
  );
}
