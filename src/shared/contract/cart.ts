import {
  addToCartSchema,
  cartSchema,
  changeCurrencySchema,
  createdOrderSchema,
  isSubscribedSchema,
  orderIdParams,
  orderItemParams,
  productsCountSchema,
  updateItemSchema,
} from '../schemas/cart.ts';
import { languageQuerySchema } from '../schemas/common.ts';
import { formSubmissionSchema, saveCartAnswerSchema } from '../schemas/forms.ts';
import type { Calls } from '../contract.ts';

/**
 * The cart's calls, up to checkout (src/server/modules/cart/cart.routes.ts). A file of
 * their own: the marketing pages' widgets (cart button, add to cart, currency sync) make
 * these calls and no others.
 */

/** Changes refused with 409 once the order is no longer a cart (requireCart in src/server/modules/cart/cart.service.ts). */
const cartChange = ['conflict'] as const;

export const cartCalls = {
  createCart: {
    method: 'POST',
    path: '/orders/',
    body: addToCartSchema,
    answer: createdOrderSchema,
    summary: 'Creates a cart with its first line',
  },
  cart: {
    method: 'GET',
    path: '/orders/:orderId/shopping-cart/',
    params: orderIdParams,
    query: languageQuerySchema,
    answer: cartSchema,
    summary: 'The cart',
    // 403 once the cart has become an order (src/server/modules/cart/cart.service.ts).
    refusals: ['forbidden'],
  },
  addToCart: {
    method: 'POST',
    path: '/orders/:orderId/shopping-cart/',
    params: orderIdParams,
    query: languageQuerySchema,
    body: addToCartSchema,
    answer: cartSchema,
    summary: 'Adds seats of a product',
    refusals: cartChange,
  },
  changeCartCurrency: {
    method: 'PUT',
    path: '/orders/:orderId/shopping-cart/currency',
    params: orderIdParams,
    query: languageQuerySchema,
    body: changeCurrencySchema,
    answer: cartSchema,
    summary: 'Changes the currency and re-prices every line',
    refusals: cartChange,
  },
  syncCart: {
    method: 'POST',
    path: '/orders/:orderId/shopping-cart/sync',
    params: orderIdParams,
    query: languageQuerySchema,
    answer: cartSchema,
    summary: 'Re-prices the lines against the current catalogue',
    refusals: cartChange,
  },
  productsCount: {
    method: 'GET',
    path: '/orders/:orderId/shopping-cart/products-count',
    params: orderIdParams,
    answer: productsCountSchema,
    summary: 'How many lines the cart has',
  },
  updateCartItem: {
    method: 'PUT',
    path: '/orders/:orderId/shopping-cart/:itemId',
    params: orderItemParams,
    query: languageQuerySchema,
    body: updateItemSchema,
    answer: cartSchema,
    summary: 'Changes a line: quantity, status, frequency, term',
    refusals: cartChange,
  },
  matchCount: {
    method: 'POST',
    path: '/orders/:orderId/shopping-cart/:itemId/match-count',
    params: orderItemParams,
    query: languageQuerySchema,
    answer: cartSchema,
    summary: "Gives the line the largest quantity of the cart's other lines",
    refusals: cartChange,
  },
  isSubscribed: {
    method: 'GET',
    path: '/orders/:orderId/is-subscribed',
    params: orderIdParams,
    answer: isSubscribedSchema,
    summary: 'Whether the cart was saved by e-mail',
  },
  saveCartByEmail: {
    method: 'POST',
    path: '/orders/:orderId/subscribe',
    params: orderIdParams,
    body: formSubmissionSchema,
    answer: saveCartAnswerSchema,
    summary: 'Saves the cart by e-mail (shopping-cart form)',
    // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
    rateLimit: 'mailForms',
    refusals: cartChange,
  },
} as const satisfies Calls;
