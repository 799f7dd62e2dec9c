import type { Db } from '#server/db/client.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { FormMessagesResponse, FormSubmission } from '#shared/schemas/forms.ts';
import { privacyPolicyVersion } from '#shared/consents.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { NewsletterService } from '../newsletter/newsletter.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import { cartSavedMail } from './cart-saved.mail.ts';
import * as repo from './cart.repository.ts';
import type { CartService } from './cart.service.ts';

export function createSaveCartService(deps: {
  db: Db;
  cart: Pick<CartService, 'lockCart' | 'loadCartView'>;
  captcha: Pick<CaptchaService, 'verify'>;
  people: PeopleService;
  /** The form's newsletter box starts the newsletter's double opt-in. */
  newsletter: Pick<NewsletterService, 'requestSubscription'>;
  outbox: Pick<OutboxService, 'queue'>;
  mail: MailSettings;
  /** Where visitors reach the shop: the restore link in the mail starts here. */
  publicUrl: string;
  /** Called after a mail was queued, so the worker sends it now rather than at its next poll. */
  onMailQueued: () => void;
}) {
  const { db, cart, captcha, people, newsletter, outbox, mail, publicUrl, onMailQueued } = deps;

  return {
    /**
     * Saves a cart by e-mail (the shopping-cart form): stores who saved it and queues, in
     * the same transaction, the mail with the link that restores the cart in any browser.
     * The person is recorded as a contact with their consent to the privacy policy.
     * Answers the form's confirmation.
     */
    async saveByEmail(orderId: string, form: FormSubmission, requestLanguage: Language): Promise<FormMessagesResponse & { isSubscribed: boolean }> {
      const language = form.preferredLanguage ?? requestLanguage;
      await db.transaction(async (tx) => {
        // The cart first, the solution last: an unknown or closed cart refuses the form
        // without spending the visitor's solution (the transaction undoes it otherwise).
        const order = await cart.lockCart(orderId, tx);
        await captcha.verify(form.captchaSolution, 'forms', tx);
        const contactId = await people.recordPerson(
          { ...form, preferredLanguage: language },
          'SAVE_CART',
          [{ subject: 'DATA_PRIVACY', granted: true, textVersion: privacyPolicyVersion, language }],
          tx,
        );
        if (form.newsletterEnabled === true) await newsletter.requestSubscription({ contactId, language }, 'SAVE_CART', tx);
        const { captchaSolution: _solution, agreeWithDataPrivacy: _consent, ...subscriber } = form;
        await repo.setOrderFields(tx, order.id, {
          subscriberEmail: form.email,
          subscriber: { ...subscriber, consentedAt: new Date().toISOString() },
          subscribedAt: new Date(),
          language,
        });
        const view = await cart.loadCartView(order.id, language, {}, tx);
        const link = new URL(appUrl(appPaths.restoreShoppingCart(order.id)), publicUrl).toString();
        await outbox.queue(mail, { to: form.email, ...cartSavedMail({ cart: view, language, firstName: form.firstName, link }) }, tx);
      });
      onMailQueued();
      return { isSubscribed: true, messages: [{ translations: translateAll('shop.cartSaved.confirmation') }] };
    },
  };
}

export type SaveCartService = ReturnType<typeof createSaveCartService>;
