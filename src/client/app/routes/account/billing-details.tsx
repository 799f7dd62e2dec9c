import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { accountCalls } from '#shared/contract/account.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import { billingDetailsChangeSchema, type AccountOrder } from '#shared/schemas/account.ts';
import { formLimits } from '#shared/schemas/forms.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormProblems, TextField } from '#client/ui/form/fields.tsx';
import { useFormData } from '#client/ui/form/form-data.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { AddressFields } from '../checkout/address-fields.tsx';
import { ContactFields } from '../checkout/invoice-steps.tsx';
import '../checkout/checkout.css';

type Billing = AccountOrder['billing'];

/** The form's values: what the buyer may change (the references stay staff's; the country's name comes from its code). */
function valuesOf(billing: Billing) {
  const { country: _country, ...invoiceAddress } = billing.invoiceAddress;
  return { company: { name: billing.company.name, vatNumber: billing.company.vatNumber }, invoiceAddress, contact: billing.contact };
}

/**
 * An order's billing details for its future invoices (docs/product/account.md): the
 * company and VAT id, the billing address and the billing contact, as the next invoice will
 * be issued to them, with a form that changes them (checked as the checkout checks them;
 * the server's field errors show at their fields). Invoices issued before stay as they are.
 */
export function BillingDetailsSection({ order }: { order: AccountOrder }) {
  const t = useT();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const { company, invoiceAddress, contact } = order.billing;
  useEffect(() => {
    if (saved) statusRef.current?.focus();
  }, [saved]);

  return (
    <section className="account-billing" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('account.billing.heading')}</h4>
      {editing ? (
        <BillingDetailsForm
          order={order}
          onDone={(changed) => {
            setEditing(false);
            setSaved(changed);
            if (!changed) requestAnimationFrame(() => changeRef.current?.focus());
          }}
        />
      ) : (
        <>
          <address className="account-billing__address">
            {[company.name, company.vatNumber, invoiceAddress.street, invoiceAddress.additionalAddressLine, `${invoiceAddress.zip} ${invoiceAddress.city}`, invoiceAddress.state, invoiceAddress.country]
              .filter((line) => line.trim() !== '')
              .map((line, index) => (
                <span key={index}>{line}</span>
              ))}
          </address>
          <p>{t('account.billing.contact', { name: `${contact.firstName} ${contact.lastName}`, email: contact.email })}</p>
          {saved && (
            <p ref={statusRef} role="status" tabIndex={-1}>
              {t('account.billing.saved')}
            </p>
          )}
          <button
            ref={changeRef}
            type="button"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('account.billing.change', { number: order.number })}
          </button>
        </>
      )}
    </section>
  );
}

function BillingDetailsForm({ order, onDone }: { order: AccountOrder; onDone: (changed: boolean) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const countries = useFormData(geoCalls.countries, { query: { language } });
  const countryList = countries.status === 'loaded' ? countries.data : [];
  const countriesLoading = countries.status === 'loading';
  const firstFieldRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    firstFieldRef.current?.querySelector('input')?.focus();
  }, []);
  const form = useForm({
    language,
    initial: valuesOf(order.billing),
    schema: billingDetailsChangeSchema,
    idPrefix: `billing-${order.id}`,
    send: (body) => callApi(accountCalls.changeBillingDetails, { params: { orderId: order.id }, body }),
    onSent: () => {
      // The list is read anew: it shows the new details (and leaves out the order when its contact's address is another one now).
      void queryClient.invalidateQueries();
      onDone(true);
    },
  });
  const { values } = form;

  return (
    <form className="form account-billing__form" onSubmit={form.onSubmit} noValidate>
      <p>{t('account.billing.intro')}</p>
      <FormProblems texts={form.elsewhere} />
      <div ref={firstFieldRef}>
        <TextField {...form.field('company.name')} label={t('checkout.company.name')} autoComplete="organization" maxLength={formLimits.company} required />
      </div>
      <TextField
        {...form.field('company.vatNumber')}
        label={t('checkout.company.vatNumber')}
        autoComplete="off"
        maxLength={30}
        hint={t('checkout.company.vatNumberHint')}
      />
      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('checkout.billing.legend')}</legend>
        <AddressFields
          form={form}
          section="invoiceAddress"
          countryCode={values.invoiceAddress.countryCode}
          countries={countryList}
          countriesLoading={countriesLoading}
          autoCompleteSection="billing"
        />
      </fieldset>
      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('account.billing.contactLegend')}</legend>
        <p className="form__hint">{t('account.billing.contactHint')}</p>
        <ContactFields form={form} phoneCountryCode={values.contact.phoneCountryCode} countries={countryList} countriesLoading={countriesLoading} />
      </fieldset>
      <div className="form__actions">
        <button type="submit" disabled={form.sending}>
          {t(form.sending ? 'account.billing.saving' : 'account.billing.save')}
        </button>
        <button type="button" onClick={() => onDone(false)}>
          {t('account.billing.cancel')}
        </button>
      </div>
    </form>
  );
}
