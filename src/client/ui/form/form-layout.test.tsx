// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from '#client/lib/api.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import type { Language } from '#shared/locales.ts';
import { formSubmissionSchema, type FormSubmission } from '#shared/schemas/forms.ts';
import { installFakeApi, refuse } from '../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../tests/helpers/languages.ts';
import { forgetLoadedFormData } from './form-data.ts';
import { FormLayout, usePublicForm } from './form-layout.tsx';
import { emptyPerson, EmailField, FirstNameField, PersonFields, PhoneFields, RoleField, usePhoneCountries, withPhone } from './public-fields.tsx';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <div data-testid="captcha" data-site-key={props.siteKey ?? ''} data-reset-signal={String(props.resetSignal ?? 0)}>
      <button type="button" onClick={() => props.onSolved(`solution-${props.resetSignal ?? 0}`)}>
        solve captcha
      </button>
    </div>
  ),
}));

const countries = inEveryLanguage({
  'en-US': [
    { code: 'DE', name: 'Germany', phoneCode: '+49' },
    { code: 'CH', name: 'Switzerland', phoneCode: '+41' },
  ],
  'de-CH': [
    { code: 'DE', name: 'Deutschland', phoneCode: '+49' },
    { code: 'CH', name: 'Schweiz', phoneCode: '+41' },
  ],
});

const api = installFakeApi();

beforeEach(() => {
  forgetLoadedFormData();
  // A country chosen in one case is not the next case's default.
  localStorage.clear();
  api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
  api.answer(siteKeyCalls.contact, { siteKey: 'sk_contact' });
  api.answer(geoCalls.countries, ({ query }) => countries[query.language ?? 'en-US']);
  api.answer(geoCalls.visitorCountry, { code: 'CH', name: 'Switzerland', phoneCode: '+41' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Send = (payload: unknown) => Promise<void>;

/** A public form as the forms declare theirs: its own fields in the shared layout. */
function PersonForm({ language, send }: { language: Language; send: Send }) {
  const phone = usePhoneCountries(language);
  const form = usePublicForm({
    language,
    initial: { ...emptyPerson, phoneCountryCode: '', phoneNumber: '', role: '' },
    schema: formSubmissionSchema,
    payloadOf: (values) => withPhone(values, phone),
    send,
  });
  const { field } = form;
  return (
    <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms}>
      <PersonFields field={field} language={language} />
      <PhoneFields code={field('phoneCountryCode')} number={field('phoneNumber')} phone={phone} language={language} />
      <RoleField {...field('role')} language={language} />
    </FormLayout>
  );
}

/** A form without a phone number: first name and e-mail. */
function ShortForm({ language, send }: { language: Language; send: Send }) {
  const form = usePublicForm({ language, initial: { firstName: '', email: '' }, schema: formSubmissionSchema, send });
  return (
    <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms}>
      <FirstNameField {...form.field('firstName')} language={language} />
      <EmailField {...form.field('email')} language={language} />
    </FormLayout>
  );
}

function renderForm(options: { language?: Language; short?: boolean; onSubmit?: Send } = {}) {
  const onSubmit = vi.fn(options.onSubmit ?? (async () => {}));
  const Form = options.short ? ShortForm : PersonForm;
  render(<Form language={options.language ?? 'en-US'} send={onSubmit} />);
  return { onSubmit };
}

function type(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function agreeAndSolve(consentLabel: RegExp = /privacy policy/): Promise<void> {
  fireEvent.click(screen.getByRole('checkbox', { name: consentLabel }));
  fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
}

describe('FormLayout', () => {
  it('renders labelled inputs with autocomplete tokens and marks the required ones', async () => {
    renderForm();
    const expectations: [string, string][] = [
      ['First name', 'given-name'],
      ['Last name', 'family-name'],
      ['E-mail address', 'email'],
      ['Company', 'organization'],
      ['Country code', 'country'],
      ['Number', 'tel-national'],
    ];
    for (const [label, token] of expectations) {
      expect(screen.getByLabelText(new RegExp(`^${label}`)).getAttribute('autocomplete'), label).toBe(token);
    }
    expect(screen.getByLabelText(/^First name/)).toHaveProperty('required', true);
    expect(screen.getByLabelText(/^E-mail address/)).toHaveProperty('required', true);
    expect(screen.getByLabelText(/^Last name/)).toHaveProperty('required', false);
    expect(screen.getByRole('group', { name: 'Phone number' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Your role' }).querySelectorAll('option')).toHaveLength(15);
    expect(screen.getByRole('option', { name: 'Chief information security officer (CISO)' })).toBeTruthy();

    const privacyLink = screen.getByRole('link', { name: /privacy policy/ });
    expect(privacyLink.textContent?.replace(/\s+/g, ' ')).toBe('privacy policy (opens in a new tab)');
    expect(privacyLink.getAttribute('target')).toBe('_blank');
    expect(privacyLink.getAttribute('href')).toBe('/web/en-US/privacy-policy');
    expect((await screen.findByTestId('captcha')).dataset.siteKey).toBe('sk_forms');
  });

  it('fills the country codes from GET /api/country/ and defaults to the visitor country', async () => {
    renderForm({ language: 'de-CH' });
    const select = screen.getByLabelText('Landesvorwahl') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect([...select.options].map((option) => option.text)).toEqual(['Deutschland (+49)', 'Schweiz (+41)']);
    expect(select.value).toBe('CH');
    expect(api.requests(geoCalls.countries).map(({ query }) => query)).toEqual([{ language: 'de-CH' }]);
    expect(api.requests(geoCalls.visitorCountry)).toHaveLength(1);
    fireEvent.change(select, { target: { value: 'DE' } });
    expect(select.value).toBe('DE');
  });

  it('starts the phone with a country the visitor chose before rather than the guessed one', async () => {
    api.answer(geoCalls.visitorCountry, { code: 'DE', name: 'Germany', phoneCode: '+49' });
    renderForm();
    const select = screen.getByLabelText('Country code') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('DE'));
    // The visitor chooses from the list, which may arrive after the guessed country.
    await waitFor(() => expect(select.options.length).toBe(2));
    fireEvent.change(select, { target: { value: 'CH' } });
    cleanup();
    renderForm();
    await waitFor(() => expect((screen.getByLabelText('Country code') as HTMLSelectElement).options.length).toBe(2));
    expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('CH');
  });

  it('keeps everything typed while the site key, the countries and the visitor country answer late', async () => {
    const late: (() => void)[] = [];
    const later = <T,>(answer: T) => () => new Promise<T>((resolve) => late.push(() => resolve(answer)));
    api.answer(siteKeyCalls.forms, later({ siteKey: 'sk_forms' }));
    api.answer(geoCalls.countries, later(countries['en-US']));
    api.answer(geoCalls.visitorCountry, later({ code: 'CH', name: 'Switzerland', phoneCode: '+41' }));
    renderForm();
    type(/^First name/, 'Anna');
    type(/^E-mail address/, 'anna@example.ch');
    type(/^Number/, '44 668 18 00');
    fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await waitFor(() => expect(late).toHaveLength(3));
    for (const answer of late) answer();
    await screen.findByRole('button', { name: 'solve captcha' });
    await waitFor(() => expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('CH'));
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText(/^E-mail address/) as HTMLInputElement).value).toBe('anna@example.ch');
    expect((screen.getByLabelText(/^Number/) as HTMLInputElement).value).toBe('44 668 18 00');
    expect((screen.getByRole('checkbox', { name: /privacy policy/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('loads no country data when the form has no phone field', async () => {
    renderForm({ short: true });
    await screen.findByTestId('captcha');
    expect(api.fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/captcha/site-key']);
  });

  it('keeps the submit button disabled until consent is ticked and the captcha is solved', async () => {
    renderForm();
    const submit = screen.getByRole('button', { name: 'Send' });
    expect(submit).toHaveProperty('disabled', true);
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    expect(submit).toHaveProperty('disabled', true);
  });

  it('sends the checked payload with the language, consent, captcha solution and phone country', async () => {
    const { onSubmit } = renderForm();
    await waitFor(() => expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('CH'));
    type(/^First name/, '  Anna ');
    type(/^E-mail address/, 'anna@example.ch');
    type(/^Number/, '44 668 18 00');
    fireEvent.change(screen.getByLabelText('Your role'), { target: { value: 'TRAINER' } });
    await agreeAndSolve();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      firstName: 'Anna',
      email: 'anna@example.ch',
      phoneNumber: '44 668 18 00',
      phoneCountryCode: 'CH',
      role: 'TRAINER',
      preferredLanguage: 'en-US',
      agreeWithDataPrivacy: true,
      captchaSolution: 'solution-0',
    });
    // The solution is spent: the captcha starts over.
    await waitFor(() => expect(screen.getByTestId('captcha').dataset.resetSignal).toBe('1'));
  });

  it('checks with the shared schema before sending and focuses the first invalid field', async () => {
    const { onSubmit } = renderForm();
    type(/^E-mail address/, 'anna@');
    type(/^Number/, '+41 44 668 18 00');
    await agreeAndSolve();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    const firstName = screen.getByLabelText(/^First name/);
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This field is required.');

    const email = screen.getByLabelText(/^E-mail address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid e-mail address.').id).toBe(email.getAttribute('aria-describedby'));

    const phone = screen.getByLabelText(/^Number/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const described = (phone.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(
      'Only use numbers, space, and minus. Please use the international phone number format with your selected country code.',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    // Correcting a field takes its error away.
    type(/^First name/, 'Anna');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server errors under their fields in the page language and resets the captcha on a captcha error', async () => {
    const { onSubmit } = renderForm({
      language: 'de-CH',
      onSubmit: async () => {
        throw new ApiError(400, {
          errors: [
            { field: 'email', code: 'invalidEmail', messagesByLanguage: inEveryLanguage({ 'en-US': 'Bad e-mail.', 'de-CH': 'Ungültige E-Mail.' }) },
            { field: 'captchaSolution', code: 'used', messagesByLanguage: inEveryLanguage({ 'en-US': 'Used.', 'de-CH': 'Bereits verwendet.' }) },
            { field: 'somethingElse', code: 'invalid', messagesByLanguage: inEveryLanguage({ 'en-US': 'Other.', 'de-CH': 'Anderes.' }) },
          ],
        });
      },
    });
    type(/^Vorname/, 'Anna');
    type(/^E-Mail-Adresse/, 'anna@example.ch');
    await agreeAndSolve(/Datenschutzerklärung/);
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));

    const email = screen.getByLabelText(/^E-Mail-Adresse/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ungültige E-Mail.');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Bereits verwendet.').getAttribute('role')).toBe('alert');
    // An error on a field this form does not show is shown above the fields.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Anderes.', 'Bereits verwendet.']);
    expect(screen.queryByText('Bad e-mail.')).toBeNull();

    // An error on captchaSolution: the captcha starts over, and the form waits for a new solution.
    expect(screen.getByTestId('captcha').dataset.resetSignal).toBe('1');
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    expect(screen.queryByText('Bereits verwendet.')).toBeNull();
  });

  const orderId = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';
  const labels = {
    'en-US': { firstName: /^First name/, email: /^E-mail address/, consent: /privacy policy/, send: 'Send' },
    'de-CH': { firstName: /^Vorname/, email: /^E-Mail-Adresse/, consent: /Datenschutzerklärung/, send: 'Senden' },
  } as const;
  const noAnswer = () => {
    throw new TypeError('Failed to fetch');
  };

  it.each([
    ['answers 500', 'en-US', refuse('internal'), 'Something went wrong on our side. Please try again; nothing was sent.'],
    ['does not answer', 'en-US', noAnswer, 'Something went wrong on our side. Please try again; nothing was sent.'],
    ['answers 500', 'de-CH', refuse('internal'), 'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.'],
    ['does not answer', 'de-CH', noAnswer, 'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.'],
  ] as const)('says so when the server %s (%s), keeps what was typed and sends again with a new captcha', async (_case, language, failure, text) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const label = labels[language];
    api.answer(cartCalls.saveCartByEmail, failure);
    renderForm({ language, short: true, onSubmit: async (payload) => void (await callApi(cartCalls.saveCartByEmail, { params: { orderId }, body: payload as FormSubmission })) });
    type(label.firstName, 'Anna');
    type(label.email, 'anna@example.ch');
    await agreeAndSolve(label.consent);
    fireEvent.click(screen.getByRole('button', { name: label.send }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(logged).toHaveBeenCalledWith('[form] sending failed', expect.any(Error));
    expect((screen.getByLabelText(label.firstName) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText(label.email) as HTMLInputElement).value).toBe('anna@example.ch');
    expect((screen.getByRole('checkbox', { name: label.consent }) as HTMLInputElement).checked).toBe(true);

    // The captcha starts over; once solved again, the form goes through.
    expect(screen.getByTestId('captcha').dataset.resetSignal).toBe('1');
    const submit = screen.getByRole('button', { name: label.send });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    expect(submit).toHaveProperty('disabled', false);
    api.answer(cartCalls.saveCartByEmail, { isSubscribed: true, messages: [{ translations: inEveryLanguage({ 'en-US': 'Saved.', 'de-CH': 'Gespeichert.' }) }] });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const sent = api.requests(cartCalls.saveCartByEmail).map(({ body }) => body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ firstName: 'Anna', email: 'anna@example.ch', captchaSolution: 'solution-1' });
  });
});
