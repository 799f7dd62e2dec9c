import { useMutation, useQuery } from '@tanstack/react-query';
import { checkoutCalls } from '#shared/contract/checkout.ts';
import { isCart } from '#shared/orders.ts';
import type { InvoiceInfo, InvoiceInfoUpdate } from '#shared/schemas/checkout.ts';
import type { Country } from '#shared/schemas/common.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/i18n.tsx';
import type { PageQuery } from '#client/lib/lazy-route.ts';
import type { Language } from '#shared/locales.ts';
import { apiQuery } from '#client/lib/queries.ts';
import { useFormData } from '#client/ui/form/form-data.ts';
import { useHydrated } from '#client/lib/hydration.tsx';
import { countriesCalls } from '#client/ui/form/public-fields.tsx';
import { usableCountry } from './draft.ts';
import type { LegalTextsState } from './legal-agreement.tsx';

const orderInput = (orderId: string) => ({ params: { orderId } });

/** The calls of useCheckoutData with their input, for the server's render of the page (checkout-page.tsx). */
export function checkoutQueries(orderId: string, language: Language): PageQuery[] {
  const [, visitorCountry] = countriesCalls(language);
  return [{ call: checkoutCalls.orderDetail, input: orderInput(orderId) }, { call: checkoutCalls.invoiceInfo, input: orderInput(orderId) }, visitorCountry];
}

/**
 * The list of countries, which the server answers only for a step that shows it (the
 * address steps, the contact's phone code, the review): the first step's page goes
 * without its 13 KB (docs/decisions/077-cart-and-checkout-script-on-demand.md).
 */
export function checkoutQueriesIfRead(language: Language): PageQuery[] {
  const [countries] = countriesCalls(language);
  return [countries];
}

/**
 * The countries of a step: read while it shows them (so the server's render of such a
 * step answers them, `checkoutQueriesIfRead`), and by every step once the page is live.
 */
export function useStepCountries(shown: boolean): { countries: readonly Country[]; countriesLoading: boolean } {
  const { language } = useLanguage();
  const live = useHydrated();
  const [countriesCall] = countriesCalls(language);
  const countries = useFormData(shown || live ? countriesCall.call : undefined, countriesCall.input);
  return { countries: countries.status === 'loaded' ? countries.data : [], countriesLoading: countries.status === 'loading' };
}

/**
 * The server's side of the checkout: the order and its invoice info (queries), the
 * countries and the visitor's country, and the two calls that change the order: saving
 * a step's sections and placing the order.
 */
export function useCheckoutData(orderId: string, lastSaved: InvoiceInfo | undefined) {
  const { language } = useLanguage();
  const detailQuery = useQuery(apiQuery(checkoutCalls.orderDetail, orderInput(orderId)));
  const infoQuery = useQuery(apiQuery(checkoutCalls.invoiceInfo, orderInput(orderId)));
  const [, visitorCountryCall] = countriesCalls(language);
  // The list once the page is live (a step that shows it reads it earlier, `useStepCountries`).
  const { countries: countryList } = useStepCountries(false);
  const visitorCountry = useFormData(visitorCountryCall.call, visitorCountryCall.input);

  const detail = detailQuery.data;
  const info = lastSaved ?? infoQuery.data;
  const stillCart = detail ? isCart(detail) : false;

  const save = useMutation({ mutationFn: (update: InvoiceInfoUpdate) => callApi(checkoutCalls.saveInvoiceInfo, { params: { orderId }, body: update }) });
  const order = useMutation({
    mutationFn: (captchaSolution: string) =>
      callApi(checkoutCalls.checkout, { params: { orderId }, body: { agreeWithLegalTexts: true, captchaSolution, language } }),
  });

  return {
    detailQuery,
    infoQuery,
    detail,
    info,
    stillCart,
    hasLines: detail ? detail.items.some((item) => item.status === 'ACTIVE') : false,
    // The invoice info matters only while the order is a cart.
    invoiceLoadFailed: stillCart && !info && infoQuery.error !== null,
    countries: countryList,
    visitorCountryLoading: visitorCountry.status === 'loading',
    // The default of the address and phone countries; unknown, they stay empty (and required).
    visitorCode: usableCountry(visitorCountry.status === 'loaded' ? visitorCountry.data.code : undefined, countryList),
    save,
    order,
  };
}

export type CheckoutData = ReturnType<typeof useCheckoutData>;

/** The legal texts in the visitor's language, loaded once the review is near. */
export function useLegalTexts(orderId: string, needed: boolean): { legal: LegalTextsState; retry: () => void } {
  const { language } = useLanguage();
  const query = useQuery({ ...apiQuery(checkoutCalls.legalTexts, { params: { orderId }, query: { language } }), enabled: needed });
  const legal: LegalTextsState = query.data ? { status: 'loaded', texts: query.data } : query.error ? { status: 'failed' } : { status: 'loading' };
  return { legal, retry: () => void query.refetch() };
}
