import { useState } from 'react';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { formSubmissionSchema } from '#shared/schemas/forms.ts';
import { callApi } from '#client/lib/api.ts';
import { FormLayout } from '#client/ui/form/form-layout.tsx';

/**
 * The fields and sending of the shopping-cart form (shared layout, docs/product/forms.md):
 * saves the cart by e-mail and hands the server's confirmation, in `language`, to
 * `onSaved`. The cart page, the cart drawer and the exit-intent popup show it.
 */
export function SaveCartFields({ cartId, language, onSaved }: { cartId: string; language: Language; onSaved: (confirmation: string) => void }) {
  return (
    <FormLayout
      language={language}
      fields={['firstName', 'lastName', 'email', 'companyName', 'phone']}
      schema={formSubmissionSchema}
      siteKeyCall={siteKeyCalls.forms}
      submitLabel="shop.cart.save.submit"
      onSubmit={async (payload) => {
        const answer = await callApi(cartCalls.saveCartByEmail, { params: { orderId: cartId }, body: payload });
        onSaved(answer.messages[0]?.translations[language] ?? '');
      }}
    />
  );
}

/**
 * The shopping-cart form with its title, then the server's confirmation; the parent then
 * marks the cart as saved, which hides the save offer. Used by the cart page and the cart
 * drawer, so it takes the language as a prop rather than from the app's context.
 */
export function SaveCartForm({ cartId, language, onSaved }: { cartId: string; language: Language; onSaved: () => void }) {
  const [confirmation, setConfirmation] = useState<string>();

  if (confirmation !== undefined) {
    return (
      <p className="cart-saved" role="status">
        {confirmation}
      </p>
    );
  }
  return (
    <section className="save-cart" aria-labelledby="save-cart-title">
      <h2 id="save-cart-title">{translate(language, 'shop.cart.save.title')}</h2>
      <p>{translate(language, 'shop.cart.save.text')}</p>
      <SaveCartFields
        cartId={cartId}
        language={language}
        onSaved={(text) => {
          setConfirmation(text);
          onSaved();
        }}
      />
    </section>
  );
}
