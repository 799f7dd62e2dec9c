import { useState } from 'react';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import type { FormSubmission } from '#shared/schemas/forms.ts';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import { callApi } from '#client/lib/api.ts';
import { FormLayout, usePublicForm } from '#client/ui/form/form-layout.tsx';
import { emptyPerson, PersonFields, PhoneFields, usePhoneCountries, withPhone } from '#client/ui/form/public-fields.tsx';

/**
 * The fields and sending of the shopping-cart form (shared layout, docs/product/forms.md):
 * saves the cart by e-mail and hands the server's confirmation, in `language`, to
 * `onSaved`. The cart page, the cart drawer and the exit-intent popup show it.
 */
export function SaveCartFields({ cartId, language, onSaved }: { cartId: string; language: Language; onSaved: (confirmation: string) => void }) {
  const phone = usePhoneCountries(language);
  const form = usePublicForm({
    language,
    initial: { ...emptyPerson, phoneCountryCode: '', phoneNumber: '' },
    // Fetched once the visitor starts on the form: the cart page loads no Zod before that.
    schema: () => import('#shared/schemas/forms.ts').then((schemas) => schemas.formSubmissionSchema),
    payloadOf: (values) => withPhone(values, phone),
    send: async (payload: FormSubmission) => {
      const answer = await callApi(cartCalls.saveCartByEmail, { params: { orderId: cartId }, body: payload });
      onSaved(answer.messages[0]?.translations[language] ?? '');
    },
  });
  const { field } = form;
  return (
    <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms} submitLabel="shop.cart.save.submit">
      <PersonFields field={field} language={language} />
      <PhoneFields code={field('phoneCountryCode')} number={field('phoneNumber')} phone={phone} language={language} />
    </FormLayout>
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
