import type { Db } from '#server/db/client.ts';
import type { Language } from '#shared/locales.ts';
import type { FormSubmission } from '#shared/schemas/forms.ts';
import { queueMail, type MailSettings } from '../mail/mail.service.ts';
import { cartSavedMail } from './cart-saved.mail.ts';
import * as repo from './cart.repository.ts';
import { cartStatus, loadCartView } from './cart.service.ts';
import { AppError } from '#shared/errors.ts';
import { appPaths, appUrl } from '#shared/paths.ts';

/**
 * Saves a cart by e-mail (SPEC §1): stores who saved it and queues, in the same
 * transaction, the mail with the link that restores the cart in any browser.
 */
export async function saveCartByEmail(
  db: Db,
  options: { orderId: string; form: FormSubmission; language: Language; publicUrl: string; mail: MailSettings },
): Promise<void> {
  const { orderId, form, publicUrl, mail } = options;
  const language = form.preferredLanguage ?? options.language;
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('notFound', 'error.cart.notFound');
    if (order.status !== cartStatus) throw new AppError('conflict', 'error.cart.closed');
    const { captchaSolution: _solution, agreeWithDataPrivacy: _consent, ...subscriber } = form;
    await repo.setOrderFields(tx, order.id, {
      subscriberEmail: form.email,
      subscriber: { ...subscriber, consentedAt: new Date().toISOString() },
      subscribedAt: new Date(),
      language,
    });
    const cart = await loadCartView(tx, order.id, language);
    const link = new URL(appUrl(appPaths.restoreShoppingCart(order.id)), publicUrl).toString();
    await queueMail(tx, mail, { to: form.email, ...cartSavedMail({ cart, language, firstName: form.firstName, link }) });
  });
}
