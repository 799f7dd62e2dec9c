import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import type { Language } from '#shared/locales.ts';
import { downloadRequestSchema, type DownloadRequest } from '#shared/schemas/downloadables.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { followCart, forgetCart, readCartId } from '#client/features/cart/cart.ts';
import { announceCart, cartEvents } from '#client/features/cart/cart-events.ts';
import { SaveCartFields } from '#client/features/cart/save-cart-form.tsx';
import { FormDialog, FormDialogConfirmation } from '#client/ui/form/form-dialog.tsx';
import { FormLayout, usePublicForm } from '#client/ui/form/form-layout.tsx';
import { EmailField, FirstNameField } from '#client/ui/form/public-fields.tsx';
import { guideCode } from '#client/features/downloadables/guide-requested.ts';
import { requestDownload } from '#client/features/downloadables/request-download.ts';
import { browserStorage, rememberClosed } from './exit-intent-trigger.ts';

/** The code of the free guide (`POST /api/downloadables/by-code/guide/subscriptions/`). */

type ExitIntentOffer = { kind: 'guide' } | { kind: 'saveCart'; cartId: string };

/**
 * What the popup offers: the free guide without a cart (or with an empty one, or one that
 * is gone), saving the cart when it has lines and is not saved yet, nothing (undefined)
 * when it is saved. A failure to load the cart is thrown (the popup then stays away).
 */
async function chooseOffer(language: Language): Promise<ExitIntentOffer | undefined> {
  const cartId = readCartId();
  if (!cartId) return { kind: 'guide' };
  try {
    const cart = await callApi(cartCalls.cart, { params: { orderId: cartId }, query: { language } });
    followCart(cart);
    if (cart.isSubscribed) return undefined;
    return cart.count > 0 ? { kind: 'saveCart', cartId } : { kind: 'guide' };
  } catch (error) {
    if (error instanceof ApiError && error.isGone) {
      forgetCart();
      return { kind: 'guide' };
    }
    throw error;
  }
}

/**
 * Shows the popup in a root of its own at the end of <body>, unless there is nothing to
 * offer or `mayShow()` says no now (a dialog opened while the code was on its way).
 */
export async function showExitIntentPopup(language: Language, mayShow: () => boolean): Promise<void> {
  const offer = await chooseOffer(language);
  if (!offer || !mayShow()) return;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<ExitIntentPopup language={language} offer={offer} />);
}

/** Open until closed; closing stores the time, which keeps it away for 300 000 ms. */
function ExitIntentPopup({ language, offer }: { language: Language; offer: ExitIntentOffer }) {
  const [open, setOpen] = useState(true);
  return (
    <ExitIntentDialog
      language={language}
      offer={offer}
      open={open}
      onClose={() => {
        rememberClosed(browserStorage(), Date.now());
        setOpen(false);
      }}
    />
  );
}

interface ExitIntentDialogProps {
  language: Language;
  offer: ExitIntentOffer;
  open: boolean;
  onClose: () => void;
}

/**
 * The exit-intent popup: a modal `FormDialog` (native <dialog>, focus inside, Escape and
 * the close button, focus returned) with the guide request form or the save-cart form,
 * both in the shared form layout; after sending, the server's confirmation.
 */
function ExitIntentDialog({ language, offer, open, onClose }: ExitIntentDialogProps) {
  const [confirmation, setConfirmation] = useState<string | undefined>(undefined);
  const guide = offer.kind === 'guide';
  return (
    <FormDialog
      language={language}
      title={guide ? 'widgets.exitIntent.guide.title' : 'widgets.exitIntent.cart.title'}
      intro={guide ? 'widgets.exitIntent.guide.intro' : 'shop.cart.save.text'}
      open={open}
      onClose={onClose}
    >
      {confirmation !== undefined ? (
        <FormDialogConfirmation language={language} text={confirmation} />
      ) : offer.kind === 'guide' ? (
        <GuideRequestForm language={language} onSent={setConfirmation} />
      ) : (
        <SaveCartFields
          cartId={offer.cartId}
          language={language}
          onSaved={(text) => {
            announceCart(cartEvents.changed);
            setConfirmation(text);
          }}
        />
      )}
    </FormDialog>
  );
}

/** The free guide's request form: first name and e-mail. */
function GuideRequestForm({ language, onSent }: { language: Language; onSent: (confirmation: string) => void }) {
  const form = usePublicForm({
    language,
    initial: { firstName: '', email: '' },
    schema: downloadRequestSchema,
    send: async (payload: DownloadRequest) => {
      const answer = await requestDownload(guideCode, payload);
      onSent(answer.messages[0]?.translations[language] ?? '');
    },
  });
  return (
    <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms} submitLabel="widgets.exitIntent.guide.submit">
      <FirstNameField {...form.field('firstName')} language={language} />
      <EmailField {...form.field('email')} language={language} />
    </FormLayout>
  );
}
