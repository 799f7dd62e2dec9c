// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { contactFormCalls } from '#shared/contract/contact-form.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { installFakeApi } from '../../../../tests/helpers/fake-api.ts';
import ContactUsPage from './contact-us.tsx';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <div data-testid="captcha" data-site-key={props.siteKey ?? ''}>
      <button type="button" onClick={() => props.onSolved('solution')}>
        solve captcha
      </button>
    </div>
  ),
}));

const api = installFakeApi();

afterEach(() => {
  cleanup();
});

function type(label: RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ContactUsPage', () => {
  it('offers the contact-form fields with the 20-character rule', async () => {
    forgetLoadedFormData();
    // The contact family's site key, and the phone fields' countries.
    api.answer(siteKeyCalls.contact, { siteKey: 'sk_contact' });
    api.answer(geoCalls.countries, [{ code: 'CH', name: 'Switzerland', phoneCode: '+41' }]);
    api.answer(geoCalls.visitorCountry, { code: 'CH', name: 'Switzerland', phoneCode: '+41' });
    render(
      <LanguageProvider initial="en-US" loadCatalogue={loadAppCatalogue}>
        <ContactUsPage />
      </LanguageProvider>,
    );
    const message = screen.getByLabelText(/^Message/);
    expect(message.tagName).toBe('TEXTAREA');
    expect(message.getAttribute('rows')).toBe('5');
    expect(screen.getByText('At least 20 characters.')).toBeTruthy();
    type(/^First name/, 'Anna');
    type(/^E-mail address/, 'anna@example.ch');
    fireEvent.change(screen.getByLabelText(/^Recipient/), { target: { value: 'EDUCATION_EXPERT' } });
    type(/^Subject/, 'Offer');
    type(/^Message/, 'Too short.');
    fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter at least 20 characters.')).toBeTruthy();
    expect(api.requests(siteKeyCalls.contact)).toHaveLength(1);
    expect(api.requests(contactFormCalls.sendContactMessage)).toEqual([]);
  });
});
