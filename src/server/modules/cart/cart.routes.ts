import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { requestLanguage } from '#server/http/language.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import type { CartService } from './cart.service.ts';
import type { SaveCartService } from './save-cart.service.ts';

export interface CartRoutesOptions {
  cart: CartService;
  saveCart: SaveCartService;
}

/** The cart calls, up to checkout (src/shared/contract/cart.ts). Handlers validate, call the service, reply. */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, options) => {
  const { cart, saveCart } = options;
  const noStore = { 'cache-control': 'no-store' };

  registerCall(app, cartCalls.createCart, async (request, reply) => reply.headers(noStore).send(await cart.createCart(request.body)));

  registerCall(app, cartCalls.cart, async (request, reply) =>
    reply.headers(noStore).send(await cart.getCart(request.params.orderId, requestLanguage(request))),
  );

  registerCall(app, cartCalls.addToCart, async (request, reply) =>
    reply.headers(noStore).send(await cart.addItem(request.params.orderId, request.body, requestLanguage(request))),
  );

  registerCall(app, cartCalls.changeCartCurrency, async (request, reply) =>
    reply.headers(noStore).send(await cart.changeCurrency(request.params.orderId, request.body.currency, requestLanguage(request))),
  );

  registerCall(app, cartCalls.syncCart, async (request, reply) =>
    reply.headers(noStore).send(await cart.syncCart(request.params.orderId, requestLanguage(request))),
  );

  registerCall(app, cartCalls.productsCount, async (request, reply) =>
    reply.headers(noStore).send({ count: await cart.productsCount(request.params.orderId) }),
  );

  registerCall(app, cartCalls.updateCartItem, async (request, reply) =>
    reply.headers(noStore).send(await cart.updateItem(request.params.orderId, request.params.itemId, request.body, requestLanguage(request))),
  );

  registerCall(app, cartCalls.matchCount, async (request, reply) =>
    reply.headers(noStore).send(await cart.matchCount(request.params.orderId, request.params.itemId, requestLanguage(request))),
  );

  registerCall(app, cartCalls.isSubscribed, async (request, reply) =>
    reply.headers(noStore).send({ isSubscribed: await cart.isSubscribed(request.params.orderId) }),
  );

  registerCall(app, cartCalls.saveCartByEmail, async (request, reply) =>
    reply.headers(noStore).send(await saveCart.saveByEmail(request.params.orderId, request.body, requestLanguage(request))),
  );
};
