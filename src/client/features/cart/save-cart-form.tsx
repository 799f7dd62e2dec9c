import { useState } from 'react';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { formSubmissionSchema } from '#shared/schemas/forms.ts';
import { endpoints } from '#shared/endpoints.ts';
import { callApi } from '#client/lib/api.ts';
import { siteKeyPaths } from '#shared/captcha-families.ts';
import { FormLayout } from '#client/ui/form/form-layout.tsx';

/**
 * The shopping-cart form (shared layout, docs/product/forms.md): saves the cart by e-mail
 * and shows the server's confirmation; the parent then marks the cart as saved, which
 * hides the save offer. Used by the cart page and the cart drawer, so it takes the
 * language as a prop rather than from the app's context.
 */
export function SaveCartForm({ cartId, language, onSaved }: { cartId: string; language: Language; onSaved: () => void }) {
  const [confirmation, setConfirmation] = useState<string>();

  if (confirmation) {
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
      <FormLayout
        language={language}
        fields={['firstName', 'lastName', 'email', 'companyName', 'phone']}
        schema={formSubmissionSchema}
        siteKeyPath={siteKeyPaths.forms}
        extraPayload={{ preferredLanguage: language }}
        submitLabel="shop.cart.save.submit"
        onSubmit={async (payload) => {
          const answer = await callApi(endpoints.saveCartByEmail, { params: { orderId: cartId }, body: payload });
          setConfirmation(answer.messages[0]?.translations[language]);
          onSaved();
        }}
      />
    </section>
  );
}
