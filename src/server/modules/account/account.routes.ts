import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { accountCookieOf, clearAccountCookie, requireAccount, setAccountCookie } from '#server/plugins/account-session.ts';
import { accountCalls } from '#shared/contract/account.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { AccountOrdersService } from './account-orders.service.ts';
import { accountSignInPath, type AccountSignInService } from './account-sign-in.service.ts';

/**
 * The buyer's account (src/shared/contract/account.ts, docs/product/account.md): the
 * sign-in link's request, the link itself, the orders of the signed-in address, sign-out.
 * Every answer is `no-store`.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ signIn: AccountSignInService; accountOrders: AccountOrdersService }> = async (app, options) => {
  const { signIn, accountOrders } = options;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  registerCall(app, accountCalls.requestSignInLink, async (request, reply) => reply.code(202).send(await signIn.requestLink(request.body)));

  registerCall(app, accountCalls.accountOrders, async (request, reply) => {
    const holder = await requireAccount(request, reply);
    return accountOrders.ordersOf(holder.email, requestLanguage(request));
  });

  registerCall(app, accountCalls.signOut, async (request, reply) => {
    await signIn.signOut(accountCookieOf(request));
    clearAccountCookie(reply);
    return reply.code(204).send(null);
  });

  /**
   * The link of the sign-in mail, an address of the app rather than an API call: opening
   * it spends the link and starts the session, then the browser goes on to the account
   * (docs/decisions/070-buyer-account.md). A link that opens nothing leads to the account
   * page with why (`?link=expired|used|invalid`), where a new one can be asked for; a
   * browser signed in already goes to its account all the same.
   */
  app.get(accountSignInPath(':token'), { schema: { params: z.object({ token: z.string() }) } }, async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    const outcome = await signIn.signIn(request.params.token);
    if ('sessionId' in outcome) {
      setAccountCookie(reply, outcome.sessionId);
      return reply.redirect(appUrl(appPaths.account()), 303);
    }
    const current = accountCookieOf(request);
    if (current && (await signIn.findSession(current))) return reply.redirect(appUrl(appPaths.account()), 303);
    return reply.redirect(`${appUrl(appPaths.account())}?link=${outcome.refused}`, 303);
  });
};
