import type {
  addToCartSchema,
  cartSchema,
  changeCurrencySchema,
  createdOrderSchema,
  isSubscribedSchema,
  orderIdParams,
  orderItemParams,
  productsCountSchema,
  updateItemSchema,
} from './schemas/cart.ts';
import type { languageQuerySchema } from './schemas/common.ts';
import type { formSubmissionSchema, saveCartAnswerSchema } from './schemas/forms.ts';
import { get, post, put } from './endpoint.ts';

type OrderId = typeof orderIdParams;
type OrderItem = typeof orderItemParams;
type Language = typeof languageQuerySchema;

/**
 * The cart's calls, part of `endpoints` (endpoints.ts). A module of their own so that
 * the marketing pages' widgets (cart button, add to cart, currency sync) download these
 * few addresses and not the list of every call.
 */
export const cartEndpoints = {
  createCart: post<{ body: typeof addToCartSchema; answer: typeof createdOrderSchema }>('/orders/'),
  cart: get<{ params: OrderId; query: Language; answer: typeof cartSchema }>('/orders/:orderId/shopping-cart/'),
  addToCart: post<{ params: OrderId; query: Language; body: typeof addToCartSchema; answer: typeof cartSchema }>('/orders/:orderId/shopping-cart/'),
  changeCartCurrency: put<{ params: OrderId; query: Language; body: typeof changeCurrencySchema; answer: typeof cartSchema }>(
    '/orders/:orderId/shopping-cart/currency',
  ),
  syncCart: post<{ params: OrderId; query: Language; answer: typeof cartSchema }>('/orders/:orderId/shopping-cart/sync'),
  productsCount: get<{ params: OrderId; answer: typeof productsCountSchema }>('/orders/:orderId/shopping-cart/products-count'),
  updateCartItem: put<{ params: OrderItem; query: Language; body: typeof updateItemSchema; answer: typeof cartSchema }>(
    '/orders/:orderId/shopping-cart/:itemId',
  ),
  matchCount: post<{ params: OrderItem; query: Language; answer: typeof cartSchema }>('/orders/:orderId/shopping-cart/:itemId/match-count'),
  isSubscribed: get<{ params: OrderId; answer: typeof isSubscribedSchema }>('/orders/:orderId/is-subscribed'),
  saveCartByEmail: post<{ params: OrderId; body: typeof formSubmissionSchema; answer: typeof saveCartAnswerSchema }>('/orders/:orderId/subscribe'),
} as const;
