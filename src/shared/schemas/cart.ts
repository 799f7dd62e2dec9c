import { z } from 'zod';
import { currencies, defaultLanguage, languages, paymentFrequencies } from '../locales.ts';
import { monthlyTermChoices, periodMonthsLimits, quantityLimits } from './limits.ts';

/** Payloads of the cart calls; quantities, terms and totals: docs/product/money-and-vat.md. */
export { monthlyTermChoices, periodMonthsLimits, quantityLimits };
const itemStatuses = ['ACTIVE', 'REMOVED'] as const;

export const orderIdParams = z.object({ orderId: z.uuid() });
export const orderItemParams = z.object({ orderId: z.uuid(), itemId: z.uuid() });

const quantity = z.number().int().min(quantityLimits.min).max(quantityLimits.max);
const periodMonths = z.number().int().min(periodMonthsLimits.min).max(periodMonthsLimits.max);

/** POST /orders/ and POST /orders/{id}/shopping-cart/ */
export const addToCartSchema = z.object({
  productCode: z.string().min(1).max(100),
  quantity: quantity.default(1),
  currency: z.enum(currencies).default('EUR'),
  language: z.enum(languages).default(defaultLanguage),
  paymentFrequency: z.enum(paymentFrequencies).default('MONTHLY'),
});
export type AddToCart = z.infer<typeof addToCartSchema>;

/** PUT /orders/{id}/shopping-cart/{itemId} */
export const updateItemSchema = z.object({
  productCode: z.string().min(1).max(100).optional(),
  quantity: quantity.optional(),
  status: z.enum(itemStatuses).optional(),
  paymentFrequency: z.enum(paymentFrequencies).optional(),
  periodMonths: periodMonths.optional(),
});
export type UpdateItem = z.infer<typeof updateItemSchema>;

/** PUT /orders/{id}/shopping-cart/currency */
export const changeCurrencySchema = z.object({ currency: z.enum(currencies) });

export const createdOrderSchema = z.object({ id: z.uuid(), currency: z.enum(currencies) });

const translationSchema = z.object({ title: z.string(), description: z.string() });

export const cartItemSchema = z.object({
  id: z.uuid(),
  productCode: z.string(),
  product: z.object({
    code: z.string(),
    tier: z.string(),
    title: z.string(),
    translations: z.record(z.enum(languages), translationSchema),
  }),
  quantity: z.number().int(),
  periodMonths: z.number().int().nullable(),
  /** Net seat price (per month for MONTHLY), major units. */
  unitPrice: z.number(),
  totalPrice: z.number(),
  status: z.enum(itemStatuses),
  paymentFrequency: z.enum(paymentFrequencies),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  id: z.uuid(),
  items: z.array(cartItemSchema),
  currency: z.enum(currencies),
  language: z.enum(languages),
  totalPrice: z.number(),
  /** ONE_TIME and MONTHLY lines summed apart, so the cart can tell them apart. */
  totals: z.object({
    oneTime: z.number(),
    /** MONTHLY lines over their whole term. */
    monthly: z.number(),
    /** What the MONTHLY lines cost per month. */
    perMonth: z.number(),
    /** What the first invoice asks for, net: the ONE_TIME lines and the first month of the MONTHLY lines. */
    dueToday: z.number(),
  }),
  status: z.string(),
  count: z.number().int(),
  isSubscribed: z.boolean(),
  details: z.object({ shoppingCart: z.boolean(), status: z.string() }),
});
export type Cart = z.infer<typeof cartSchema>;

export const productsCountSchema = z.object({ count: z.number().int() });
export const isSubscribedSchema = z.object({ isSubscribed: z.boolean() });
