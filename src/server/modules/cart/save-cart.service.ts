import { translateAll } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { FormMessagesResponse, FormSubmission } from '#shared/schemas/forms.ts';
import type { PublicFormService } from '../forms/public-form.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { cartSavedMail } from './cart-saved.mails.ts';
import type { CartService } from './cart.service.ts';

export function createSaveCartService(deps: {
  cart: Pick<CartService, 'lockCart' | 'loadCartView'>;
  /** The steps every public form shares: captcha, contact, consent, newsletter, mails. */
  forms: Pick<PublicFormService, 'submit'>;
  /** The orders module, which owns the orders table: the saved cart's subscriber is written there. */
  orders: Pick<OrdersService, 'cartRows'>;
  /** Where visitors reach the shop: the restore link in the mail starts here. */
  publicUrl: string;
}) {
  const { cart, forms, publicUrl } = deps;

  return {
    /**
     * Saves a cart by e-mail (the shopping-cart form): stores who saved it and queues, in
     * the same transaction, the mail with the link that restores the cart in any browser.
     * The person is recorded as a contact with their consent to the privacy policy.
     * Answers the form's confirmation.
     */
    async saveByEmail(orderId: string, form: FormSubmission, requestLanguage: Language): Promise<FormMessagesResponse & { isSubscribed: boolean }> {
      const language = form.preferredLanguage ?? requestLanguage;
      await forms.submit({
        source: 'SAVE_CART',
        captcha: { solution: form.captchaSolution, family: 'forms' },
        person: form,
        language,
        newsletter: form.newsletterEnabled === true ? {} : undefined,
        // An unknown or closed cart refuses the form before the visitor's solution is spent.
        check: (tx) => cart.lockCart(orderId, tx),
        store: async ({ checked: order }, tx) => {
          const { captchaSolution: _solution, agreeWithDataPrivacy: _consent, ...subscriber } = form;
          await deps.orders.cartRows.setOrderFields(tx, order.id, {
            subscriberEmail: form.email,
            subscriber: { ...subscriber, consentedAt: new Date().toISOString() },
            subscribedAt: new Date(),
            language,
          });
          return cart.loadCartView(order.id, language, {}, tx);
        },
        mails: ({ checked: order, stored: view }) => [
          {
            to: form.email,
            ...cartSavedMail({ cart: view, language, firstName: form.firstName, link: new URL(appUrl(appPaths.restoreShoppingCart(order.id)), publicUrl).toString() }),
          },
        ],
      });
      return { isSubscribed: true, messages: [{ translations: translateAll('shop.cartSaved.confirmation') }] };
    },
  };
}

export type SaveCartService = ReturnType<typeof createSaveCartService>;
