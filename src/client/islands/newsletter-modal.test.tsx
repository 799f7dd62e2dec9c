// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { installFakeApi, refuse, refuseFields } from '../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../tests/helpers/languages.ts';
import NewsletterModal from './newsletter-modal.tsx';

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

const confirmation = inEveryLanguage({
  'en-US': 'Thank you for subscribing.',
  'de-CH': 'Vielen Dank für Ihr Abonnement.',
});

const api = installFakeApi();

beforeEach(() => {
  forgetLoadedFormData();
  document.cookie = 'XSRF-TOKEN=test-token; Path=/';
  api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
  api.answer(geoCalls.countries, [{ code: 'CH', name: 'Schweiz', phoneCode: '+41' }]);
  api.answer(geoCalls.visitorCountry, { code: 'CH', name: 'Schweiz', phoneCode: '+41' });
  api.answer(newsletterCalls.newsletterTopics, ({ query }) =>
    query.language === 'de-CH'
      ? [
          { id: 'phishing', title: 'Phishing und Social Engineering' },
          { id: 'compliance', title: 'Compliance: nDSG, DSGVO, ISO 27001' },
        ]
      : [
          { id: 'phishing', title: 'Phishing and social engineering' },
          { id: 'compliance', title: 'Compliance: nDSG, GDPR, ISO 27001' },
        ],
  );
  api.answer(newsletterCalls.subscribeToNewsletter, { messages: [{ translations: confirmation }] });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
});

function dialog(): HTMLDialogElement {
  return document.querySelector('dialog')!;
}

async function openModal(name: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name }));
  await waitFor(() => expect(dialog().hasAttribute('open')).toBe(true));
}

async function fillAndSend(): Promise<void> {
  const form = within(dialog());
  fireEvent.change(form.getByLabelText(/^Vorname/), { target: { value: 'Anna' } });
  fireEvent.change(form.getByLabelText(/^Nachname/), { target: { value: 'Muster' } });
  fireEvent.change(form.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'anna@example.ch' } });
  fireEvent.change(form.getByLabelText('Firma'), { target: { value: 'Muster AG' } });
  fireEvent.change(form.getByLabelText('Ihre Funktion'), { target: { value: 'CISO' } });
  fireEvent.change(form.getByLabelText('Ihre Erfahrung in Cybersecurity'), { target: { value: 'BEGINNER' } });
  fireEvent.click(await form.findByRole('checkbox', { name: 'Compliance: nDSG, DSGVO, ISO 27001' }));
  fireEvent.click(form.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
  fireEvent.click(await form.findByRole('button', { name: 'solve captcha' }));
  fireEvent.click(form.getByRole('button', { name: 'Abonnieren' }));
}

describe('newsletter modal', () => {
  it('opens a labelled modal dialog, moves the focus in, closes on Escape and returns the focus', async () => {
    render(<NewsletterModal lang="en-US" currency="EUR" label="Subscribe to the newsletter" />);
    const opener = screen.getByRole('button', { name: 'Subscribe to the newsletter' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    // Nothing is loaded before the visitor asks for the form.
    expect(api.fetch).not.toHaveBeenCalled();

    await openModal('Subscribe to the newsletter');
    const modal = screen.getByRole('dialog', { name: 'Subscribe to our newsletter' });
    expect(modal.getAttribute('aria-describedby')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(modal).getByLabelText(/^First name/)));
    expect(await within(modal).findByRole('checkbox', { name: 'Phishing and social engineering' })).toBeTruthy();
    expect(within(modal).getByRole('combobox', { name: 'Your role' })).toBeTruthy();
    expect(within(modal).getByRole('combobox', { name: 'Your experience in cybersecurity' })).toBeTruthy();

    fireEvent.keyDown(modal, { key: 'Escape' });
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);

    // The close button does the same, and what was typed is still there on reopening.
    await openModal('Subscribe to the newsletter');
    fireEvent.change(within(dialog()).getByLabelText(/^First name/), { target: { value: 'Anna' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    await openModal('Subscribe to the newsletter');
    expect((within(dialog()).getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Anna');
  });

  it('posts the form to /api/newsletter/ and shows the confirmation in the page language', async () => {
    render(<NewsletterModal lang="de-CH" currency="CHF" label="Newsletter abonnieren" />);
    await openModal('Newsletter abonnieren');
    await fillAndSend();

    const status = await within(dialog()).findByRole('status');
    expect(status.textContent).toBe('Vielen Dank für Ihr Abonnement.');
    await waitFor(() => expect(document.activeElement).toBe(status));

    const [post] = api.requests(newsletterCalls.subscribeToNewsletter);
    expect(post?.headers.get('x-xsrf-token')).toBe('test-token');
    expect(post?.body).toEqual({
      newsletterEnabled: true,
      preferredLanguage: 'de-CH',
      agreeWithDataPrivacy: true,
      captchaSolution: 'solution-0',
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      companyName: 'Muster AG',
      role: 'CISO',
      experienceLevel: 'BEGINNER',
      topicIds: ['compliance'],
    });

    // Closing after the confirmation, then opening again, offers an empty form.
    const [, closeUnderConfirmation] = within(dialog()).getAllByRole('button', { name: 'Schliessen' });
    fireEvent.click(closeUnderConfirmation!);
    expect(dialog().hasAttribute('open')).toBe(false);
    await openModal('Newsletter abonnieren');
    expect((within(dialog()).getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server field errors under the fields', async () => {
    api.answer(
      newsletterCalls.subscribeToNewsletter,
      refuseFields([
        {
          field: 'email',
          code: 'invalidEmail',
          messagesByLanguage: inEveryLanguage({ 'en-US': 'Please enter a valid e-mail address.', 'de-CH': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }),
        },
      ]),
    );
    render(<NewsletterModal lang="de-CH" currency="CHF" label="Newsletter abonnieren" />);
    await openModal('Newsletter abonnieren');
    await fillAndSend();
    const email = within(dialog()).getByLabelText(/^E-Mail-Adresse/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    expect(within(dialog()).queryByRole('status')).toBeNull();
  });

  it.each([
    ['answers 500', refuse('internal', inEveryLanguage({ 'en-US': 'Boom.', 'de-CH': 'Bumm.' }))],
    [
      'does not answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as const)('says in the dialog when the server %s, and keeps what was typed', async (_case, failure) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.answer(newsletterCalls.subscribeToNewsletter, failure);
    render(<NewsletterModal lang="de-CH" currency="CHF" label="Newsletter abonnieren" />);
    await openModal('Newsletter abonnieren');
    await fillAndSend();
    const form = within(dialog());
    expect((await form.findByRole('alert')).textContent).toBe(
      'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.',
    );
    expect(logged).toHaveBeenCalled();
    expect(form.queryByRole('status')).toBeNull();
    expect(form.queryByText('Bumm.')).toBeNull();
    expect((form.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('Anna');
    expect((form.getByLabelText(/^E-Mail-Adresse/) as HTMLInputElement).value).toBe('anna@example.ch');
    expect((form.getByRole('checkbox', { name: 'Compliance: nDSG, DSGVO, ISO 27001' }) as HTMLInputElement).checked).toBe(true);
    // A fresh captcha to solve, then the form can be sent again.
    expect(form.getByRole('button', { name: 'Abonnieren' })).toHaveProperty('disabled', true);
    fireEvent.click(form.getByRole('button', { name: 'solve captcha' }));
    expect(form.getByRole('button', { name: 'Abonnieren' })).toHaveProperty('disabled', false);
  });
});

describe('newsletter redirect and in-page button', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('opens from a link to #newsletter, and a reload does not open it again', async () => {
    history.replaceState(null, '', '/web/en-US/?from=mail#newsletter');
    render(<NewsletterModal lang="en-US" currency="EUR" label="Subscribe to the newsletter" fragment="newsletter" />);
    await waitFor(() => expect(dialog().hasAttribute('open')).toBe(true));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/web/en-US/?from=mail');

    // A link to it on the page itself.
    location.hash = 'newsletter';
    await waitFor(() => expect(dialog().hasAttribute('open')).toBe(true));
  });

  it('ignores the fragment without data-fragment, and renders a button in the page', async () => {
    history.replaceState(null, '', '/web/en-US/#newsletter');
    render(<NewsletterModal lang="en-US" currency="EUR" label="Get the newsletter" variant="button" />);
    const button = screen.getByRole('button', { name: 'Get the newsletter' });
    expect(button.className).toBe('button');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('dialog')).toBeNull();
  });
});
