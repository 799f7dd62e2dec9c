// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import type { Language } from '#shared/locales.ts';
import { adminPaths } from '#shared/paths.ts';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { renderBackOffice } from '../../../../tests/helpers/back-office.tsx';
import { installFakeApi, refuse } from '../../../../tests/helpers/fake-api.ts';
import LoginPage from './login.tsx';

configure({ asyncUtilTimeout: 5000 });

vi.mock('#client/ui/captcha/captcha-widget.tsx', () => import('../../../../tests/helpers/captcha-widget-stand-in.tsx'));

const staffMember = { id: '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b', email: 'anna@cybersafe.example', name: 'Anna', role: 'admin' } as const;
const serverFailed = {
  'en-US': 'Something went wrong on our side. Please try again; nothing was sent.',
  'de-CH': 'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.',
};
const noAnswer = () => {
  throw new TypeError('Failed to fetch');
};

const api = installFakeApi();

beforeEach(() => {
  forgetLoadedFormData();
  api.answer(siteKeyCalls.signIn, { siteKey: 'sk_sign_in' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderLogin(language: Language = 'en-US') {
  const routes = [
    { path: adminPaths.login(), element: <LoginPage /> },
    { path: adminPaths.home(), element: <p>the back office</p> },
  ];
  renderBackOffice(routes, adminPaths.login(), language);
}

const valueOf = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the staff sign-in when the server fails', () => {
  it.each([
    ['answers 500', 'en-US', refuse('internal'), { email: /^E-mail address/, password: /^Password/, submit: 'Sign in' }],
    ['does not answer', 'de-CH', noAnswer, { email: /^E-Mail-Adresse/, password: /^Passwort/, submit: 'Anmelden' }],
  ] as const)('says so when the server %s (%s), keeps what was typed and signs in once it answers', async (_case, language, failure, label) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.answer(staffCalls.login, failure);
    renderLogin(language);
    fireEvent.change(await screen.findByLabelText(label.email), { target: { value: 'anna@cybersafe.example' } });
    fireEvent.change(screen.getByLabelText(label.password), { target: { value: 'correct horse battery' } });
    fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: label.submit }));

    expect((await screen.findByRole('alert')).textContent).toBe(serverFailed[language]);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(valueOf(label.email)).toBe('anna@cybersafe.example');
    expect(valueOf(label.password)).toBe('correct horse battery');

    // The captcha starts over: solved again, the sign-in goes through.
    expect(screen.getByTestId('captcha').dataset.resetSignal).toBe('1');
    const submit = screen.getByRole('button', { name: label.submit });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    expect(submit).toHaveProperty('disabled', false);
    api.answer(staffCalls.login, staffMember);
    fireEvent.click(submit);
    expect(await screen.findByText('the back office')).toBeTruthy();
    expect(api.requests(staffCalls.login).map(({ body }) => body.captchaSolution)).toEqual(['solution-0', 'solution-1']);
  });

  it.each([
    ['answers 500', refuse('internal')],
    ['does not answer', noAnswer],
  ] as const)('keeps the second factor\'s code and says so when the server %s', async (_case, failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.answer(staffCalls.login, { secondFactorRequired: true });
    api.answer(staffCalls.loginSecondFactor, failure);
    renderLogin();
    fireEvent.change(await screen.findByLabelText(/^E-mail address/), { target: { value: 'anna@cybersafe.example' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
    fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByRole('alert')).textContent).toBe(serverFailed['en-US']);
    expect(valueOf(/^Code/)).toBe('123456');
    api.answer(staffCalls.loginSecondFactor, staffMember);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('the back office')).toBeTruthy();
  });
});
