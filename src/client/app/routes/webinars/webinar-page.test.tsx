// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { webinarCalls } from '#shared/contract/webinars.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths } from '#shared/paths.ts';
import type { PublicWebinar } from '#shared/schemas/webinars.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { installFakeApi, refuse } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import WebinarPage from './webinar-page.tsx';
import WebinarsPage from './webinars-page.tsx';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <button type="button" onClick={() => props.onSolved('solution')}>
      solve captcha
    </button>
  ),
}));

configure({ asyncUtilTimeout: 5000 });

const id = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();

const webinar: PublicWebinar = {
  id,
  code: 'PHISHING-1',
  title: 'Spotting phishing',
  language: 'de-CH',
  startsAt: inAWeek,
  durationMinutes: 90,
  description: 'What phishing looks like,\nand why it works.\n\nHow to report it.',
};

const confirmation = { messages: [{ translations: inEveryLanguage({ 'en-US': 'You are on the list for Spotting phishing.', 'de-CH': 'Sie sind für Spotting phishing angemeldet.' }) }] };

const api = installFakeApi();

beforeEach(() => {
  forgetLoadedFormData();
  api.answer(webinarCalls.webinar, ({ params }) => (params.id === id ? webinar : refuse('notFound')));
  api.answer(webinarCalls.webinars, [webinar]);
  api.answer(webinarCalls.subscribeToWebinar, confirmation);
  api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
});

afterEach(() => {
  cleanup();
});

function renderAt(path: string, language: Language = 'en-US') {
  const router = createMemoryRouter(
    [
      { path: appPaths.webinars(), element: <WebinarsPage /> },
      { path: appPaths.webinar(':id', ':language'), element: <WebinarPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return router;
}

async function signUp(): Promise<void> {
  fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Anna' } });
  fireEvent.change(screen.getByLabelText(/^E-mail address/), { target: { value: 'anna@example.ch' } });
  fireEvent.change(screen.getByLabelText('Your role'), { target: { value: 'HEAD_OF_IT' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /newsletter/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('the webinar list', () => {
  it('lists the upcoming webinars of the app language, each linking to its page', async () => {
    renderAt('/webinars', 'de-CH');
    const link = await screen.findByRole('link', { name: 'Spotting phishing' });
    expect(link.getAttribute('href')).toBe(`/webinar/${id}/de-CH`);
    expect(screen.getByRole('heading', { level: 1, name: 'Webinare' })).toBeTruthy();
    expect(screen.getByText(formatDateTime(inAWeek, 'de-CH'))).toBeTruthy();
    expect(screen.getByText('90 Minuten')).toBeTruthy();
    expect(screen.getByText('What phishing looks like, and why it works.')).toBeTruthy();
    expect(api.requests(webinarCalls.webinars).map(({ query }) => query)).toEqual([{ language: 'de-CH' }]);
  });

  it('says so when there are none', async () => {
    api.answer(webinarCalls.webinars, []);
    renderAt('/webinars');
    expect(await screen.findByText('No webinars are planned at the moment. Please check again later.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('the webinar page', () => {
  it('shows the webinar in the app language, its description as paragraphs, and signs up', async () => {
    renderAt(`/webinar/${id}/de-CH`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spotting phishing' })).toBeTruthy();
    expect(screen.getByText('This webinar is held in German.')).toBeTruthy();
    expect(screen.getByText('90 minutes', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('How to report it.').tagName).toBe('P');

    await signUp();
    const done = await screen.findByRole('status', { name: 'You are signed up' });
    expect(done.textContent).toContain('You are on the list for Spotting phishing.');
    expect(done.textContent).toContain('What happens next');
    const [signUpRequest] = api.requests(webinarCalls.subscribeToWebinar);
    expect(signUpRequest?.params).toEqual({ id });
    expect(signUpRequest?.body).toMatchObject({
      firstName: 'Anna',
      email: 'anna@example.ch',
      role: 'HEAD_OF_IT',
      newsletterEnabled: true,
      agreeWithDataPrivacy: true,
      preferredLanguage: 'en-US',
      captchaSolution: 'solution',
    });
  });

  it('keeps what the visitor typed while the form\'s side requests answer late', async () => {
    // The site key arrives only after the visitor has typed and ticked.
    let answerSiteKey = () => {};
    api.answer(siteKeyCalls.forms, () => new Promise((resolve) => (answerSiteKey = () => resolve({ siteKey: 'sk_forms' }))));
    renderAt(`/webinar/${id}/de-CH`);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText(/^E-mail address/), { target: { value: 'anna@example.ch' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await waitFor(() => expect(api.requests(siteKeyCalls.forms)).toHaveLength(1));
    answerSiteKey();
    await screen.findByRole('button', { name: 'solve captcha' });
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText(/^E-mail address/) as HTMLInputElement).value).toBe('anna@example.ch');
    expect((screen.getByRole('checkbox', { name: /privacy policy/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the server\'s reason instead of the form when the webinar has started meanwhile', async () => {
    api.answer(webinarCalls.subscribeToWebinar, refuse('conflict', inEveryLanguage({ 'en-US': 'This webinar has already started, sign-up is closed.', 'de-CH': 'Begonnen.' })));
    renderAt(`/webinar/${id}/de-CH`);
    await signUp();
    expect((await screen.findByRole('alert')).textContent).toBe('This webinar has already started, sign-up is closed.');
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('corrects an address with another language than the webinar\'s', async () => {
    const router = renderAt(`/webinar/${id}/en-US`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/webinar/${id}/de-CH`));
  });

  it('shows a past webinar without the form', async () => {
    api.answer(webinarCalls.webinar, { ...webinar, startsAt: '2020-02-03T13:00:00Z' });
    renderAt(`/webinar/${id}/de-CH`, 'de-CH');
    expect(await screen.findByText('Dieses Webinar hat stattgefunden. Die Anmeldung ist geschlossen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anmelden' })).toBeNull();
  });

  it('says that an unknown webinar does not exist and links to the list', async () => {
    api.answer(webinarCalls.webinar, refuse('notFound', inEveryLanguage({ 'en-US': 'x', 'de-CH': 'x' })));
    renderAt(`/webinar/${id}/de-CH`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Webinar not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the upcoming webinars' }).getAttribute('href')).toBe('/webinars');
  });
});
