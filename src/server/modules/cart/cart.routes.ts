import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '#server/http/language.ts';
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
} from '#shared/schemas/cart.ts';
import { formMessagesResponseSchema, formSubmissionSchema } from '#shared/schemas/forms.ts';
import type { CartService } from './cart.service.ts';
import type { SaveCartService } from './save-cart.service.ts';

export interface CartRoutesOptions {
  cart: CartService;
  saveCart: SaveCartService;
}

/** The cart calls, up to checkout. Handlers validate, call the service, reply. */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, options) => {
  const { cart, saveCart } = options;
  const noStore = { 'cache-control': 'no-store' };
  /** Changes refused with 409 once the order is no longer a cart (requireCart in cart.service.ts). */
  const cartChange = { refusals: ['conflict'] as const };

  app.post(
    '/api/orders/',
    { schema: { summary: 'Creates a cart with its first line', body: addToCartSchema, response: { 200: createdOrderSchema } } },
    async (request, reply) => reply.headers(noStore).send(await cart.createCart(request.body)),
  );

  app.get(
    '/api/orders/:orderId/shopping-cart/',
    {
      // 403 once the cart has become an order (cart.service.ts).
      config: { refusals: ['forbidden'] },
      schema: { summary: 'The cart', params: orderIdParams, response: { 200: cartSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await cart.getCart(request.params.orderId, requestLanguage(request))),
  );

  app.post(
    '/api/orders/:orderId/shopping-cart/',
    {
      config: cartChange,
      schema: { summary: 'Adds seats of a product', params: orderIdParams, body: addToCartSchema, response: { 200: cartSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await cart.addItem(request.params.orderId, request.body, requestLanguage(request))),
  );

  app.put(
    '/api/orders/:orderId/shopping-cart/currency',
    {
      config: cartChange,
      schema: { summary: 'Changes the currency and re-prices every line', params: orderIdParams, body: changeCurrencySchema, response: { 200: cartSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await cart.changeCurrency(request.params.orderId, request.body.currency, requestLanguage(request))),
  );

  app.post(
    '/api/orders/:orderId/shopping-cart/sync',
    {
      config: cartChange,
      schema: { summary: 'Re-prices the lines against the current catalogue', params: orderIdParams, response: { 200: cartSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await cart.syncCart(request.params.orderId, requestLanguage(request))),
  );

  app.get(
    '/api/orders/:orderId/shopping-cart/products-count',
    { schema: { summary: 'How many lines the cart has', params: orderIdParams, response: { 200: productsCountSchema } } },
    async (request, reply) => reply.headers(noStore).send({ count: await cart.productsCount(request.params.orderId) }),
  );

  app.put(
    '/api/orders/:orderId/shopping-cart/:itemId',
    {
      config: cartChange,
      schema: { summary: 'Changes a line: quantity, status, frequency, term', params: orderItemParams, body: updateItemSchema, response: { 200: cartSchema } },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await cart.updateItem(request.params.orderId, request.params.itemId, request.body, requestLanguage(request))),
  );

  app.post(
    '/api/orders/:orderId/shopping-cart/:itemId/match-count',
    {
      config: cartChange,
      schema: { summary: "Gives the line the largest quantity of the cart's other lines", params: orderItemParams, response: { 200: cartSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await cart.matchCount(request.params.orderId, request.params.itemId, requestLanguage(request))),
  );

  app.get(
    '/api/orders/:orderId/is-subscribed',
    { schema: { summary: 'Whether the cart was saved by e-mail', params: orderIdParams, response: { 200: isSubscribedSchema } } },
    async (request, reply) => reply.headers(noStore).send({ isSubscribed: await cart.isSubscribed(request.params.orderId) }),
  );

  app.post(
    '/api/orders/:orderId/subscribe',
    {
      // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
      config: { rateLimit: 'mailForms', ...cartChange },
      schema: {
        summary: 'Saves the cart by e-mail (shopping-cart form)',
        params: orderIdParams,
        body: formSubmissionSchema,
        response: { 200: formMessagesResponseSchema.extend({ isSubscribed: z.boolean() }) },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await saveCart.saveByEmail(request.params.orderId, request.body, requestLanguage(request))),
  );
};
