import type { Country } from '#shared/schemas/common.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { countryOptions, SelectField, TextField } from '#client/ui/form/fields.tsx';
import type { AddressDraft } from './draft.ts';

type AddressField = keyof AddressDraft;

/**
 * The fields of an address. `autoCompleteSection` is the autofill section
 * prefix: `billing` makes the billing address fill as `billing address-line1`…
 */
export function AddressFields({
  idPrefix,
  value,
  onChange,
  errorOf,
  countries,
  countriesLoading,
  autoCompleteSection,
}: {
  idPrefix: string;
  value: AddressDraft;
  onChange: (field: AddressField, value: string) => void;
  errorOf: (field: AddressField) => string | undefined;
  countries: readonly Country[];
  countriesLoading: boolean;
  autoCompleteSection?: 'billing';
}) {
  const { language } = useLanguage();
  const t = useT();
  const token = (name: string) => (autoCompleteSection ? `${autoCompleteSection} ${name}` : name);
  const id = (field: AddressField) => `${idPrefix}-${field}`;
  return (
    <div className="checkout-address">
      <TextField
        id={id('street')}
        label={t('checkout.address.street')}
        value={value.street}
        onChange={(next) => onChange('street', next)}
        autoComplete={token('address-line1')}
        maxLength={100}
        required
        error={errorOf('street')}
        className="checkout-address__wide"
      />
      <TextField
        id={id('additionalAddressLine')}
        label={t('checkout.address.additionalAddressLine')}
        value={value.additionalAddressLine}
        onChange={(next) => onChange('additionalAddressLine', next)}
        autoComplete={token('address-line2')}
        maxLength={100}
        error={errorOf('additionalAddressLine')}
        className="checkout-address__wide"
      />
      <TextField
        id={id('zip')}
        label={t('checkout.address.zip')}
        value={value.zip}
        onChange={(next) => onChange('zip', next)}
        autoComplete={token('postal-code')}
        maxLength={16}
        required
        error={errorOf('zip')}
        className="checkout-address__zip"
      />
      <TextField
        id={id('city')}
        label={t('checkout.address.city')}
        value={value.city}
        onChange={(next) => onChange('city', next)}
        autoComplete={token('address-level2')}
        maxLength={100}
        required
        error={errorOf('city')}
        className="checkout-address__city"
      />
      <TextField
        id={id('state')}
        label={t('checkout.address.state')}
        value={value.state}
        onChange={(next) => onChange('state', next)}
        autoComplete={token('address-level1')}
        maxLength={100}
        error={errorOf('state')}
        className="checkout-address__wide"
      />
      <SelectField
        id={id('countryCode')}
        label={t('checkout.address.country')}
        value={value.countryCode}
        onChange={(next) => onChange('countryCode', next)}
        autoComplete={token('country')}
        options={countryOptions(countries, language)}
        language={language}
        loading={countriesLoading}
        placeholder="whenEmpty"
        required
        error={errorOf('countryCode')}
        className="checkout-address__wide"
      />
    </div>
  );
}
