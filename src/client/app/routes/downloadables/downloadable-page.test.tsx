// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { downloadableCalls } from '#shared/contract/downloadables.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths } from '#shared/paths.ts';
import type { Downloadable } from '#shared/schemas/downloadables.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { LanguageProvider, useLanguage } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { installFakeApi, refuse, refuseFields } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import DownloadablePage from './downloadable-page.tsx';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <button type="button" onClick={() => props.onSolved('solution')}>
      solve captcha
    </button>
  ),
}));

configure({ asyncUtilTimeout: 5000 });

const items = inEveryLanguage<Downloadable>({
  'en-US': {
    code: 'guide',
    language: 'en-US',
    title: 'The cybersecurity education guide',
    description: 'Security awareness for businesses.',
    coverUrl: '/api/downloadables/by-code/guide/cover.svg?language=en-US',
    pageCount: 5,
  },
  'de-CH': {
    code: 'guide',
    language: 'de-CH',
    title: 'Der Leitfaden zur Cybersecurity-Ausbildung',
    description: 'Security Awareness für Unternehmen.',
    coverUrl: '/api/downloadables/by-code/guide/cover.svg?language=de-CH',
    pageCount: 6,
  },
});

const confirmation = {
  messages: [
    {
      translations: inEveryLanguage({
        'en-US': 'Thank you. The link to download “The cybersecurity education guide” is on its way to anna@example.ch. It works for 7 days.',
        'de-CH': 'Vielen Dank. Der Link ist unterwegs an anna@example.ch.',
      }),
    },
  ],
};

const api = installFakeApi();

beforeEach(() => {
  forgetLoadedFormData();
  api.answer(downloadableCalls.downloadable, ({ params, query }) => (params.code === 'guide' ? items[query.language ?? 'en-US'] : refuse('notFound')));
  api.answer(downloadableCalls.requestDownload, confirmation);
  api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
  document.cookie = 'XSRF-TOKEN=test-token; Path=/';
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
});

/** Shows the app's language and switches it, as the header's language buttons do. */
function LanguageProbe() {
  const { language, setLanguage } = useLanguage();
  return (
    <p>
      app language: {language}
      <button type="button" onClick={() => setLanguage(language === 'en-US' ? 'de-CH' : 'en-US')}>
        switch language
      </button>
    </p>
  );
}

function renderAt(path: string, language: Language = 'en-US') {
  const router = createMemoryRouter([{ path: appPaths.downloadableContent(':code', ':language'), element: <DownloadablePage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <LanguageProbe />
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return router;
}

async function fillAndSend(submit: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(/^First name|^Vorname/), { target: { value: 'Anna' } });
  fireEvent.change(screen.getByLabelText(/^Last name|^Nachname/), { target: { value: 'Muster' } });
  fireEvent.change(screen.getByLabelText(/^E-mail address|^E-Mail-Adresse/), { target: { value: 'anna@example.ch' } });
  fireEvent.change(screen.getByLabelText(/^Company|^Firma/), { target: { value: 'Muster AG' } });
  fireEvent.change(screen.getByLabelText(/^Your role|^Ihre Funktion/), { target: { value: 'CISO' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /newsletter/i }));
  fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy|Datenschutzerklärung/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'solve captcha' }));
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

describe('the downloadable page', () => {
  it('shows the item with its cover, description and facts, and sends the request form', async () => {
    renderAt('/downloadable-content/guide/en-US');
    expect(await screen.findByRole('heading', { level: 1, name: 'The cybersecurity education guide' })).toBeTruthy();
    expect(screen.getByText('Security awareness for businesses.')).toBeTruthy();
    const cover = document.querySelector('img.download__cover');
    expect(cover?.getAttribute('src')).toBe('/api/downloadables/by-code/guide/cover.svg?language=en-US');
    expect(cover?.getAttribute('alt')).toBe('');
    expect(screen.getByText('5 pages')).toBeTruthy();
    expect(screen.getByText('PDF')).toBeTruthy();
    expect(screen.getByText('English')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Get your free copy' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await fillAndSend('Send me the link');
    const done = await screen.findByRole('status', { name: 'The link is on its way' });
    expect(done.textContent).toContain('is on its way to anna@example.ch');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('button', { name: 'Send me the link' })).toBeNull();

    const [sent] = api.requests(downloadableCalls.requestDownload);
    expect(sent?.params).toEqual({ code: 'guide' });
    expect(sent?.headers.get('x-xsrf-token')).toBe('test-token');
    expect(sent?.body).toEqual({
      newsletterEnabled: true,
      preferredLanguage: 'en-US',
      agreeWithDataPrivacy: true,
      captchaSolution: 'solution',
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      companyName: 'Muster AG',
      role: 'CISO',
    });
  });

  it('speaks the address language: the app switches to it, and a switch of the app moves to the other address', async () => {
    const router = renderAt('/downloadable-content/guide/de-CH', 'en-US');
    expect(await screen.findByRole('heading', { level: 1, name: 'Der Leitfaden zur Cybersecurity-Ausbildung' })).toBeTruthy();
    expect(screen.getByText('6 Seiten')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Ihr kostenloses Exemplar' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/app language: de-CH/)).toBeTruthy());
    expect(router.state.location.pathname).toBe('/downloadable-content/guide/de-CH');

    fireEvent.click(screen.getByRole('button', { name: 'switch language' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/downloadable-content/guide/en-US'));
    expect(await screen.findByRole('heading', { level: 1, name: 'The cybersecurity education guide' })).toBeTruthy();
  });

  it('explains a refused link above the form that sends a fresh one', async () => {
    renderAt('/downloadable-content/guide/en-US?link=expired');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This download link has expired: links work for 7 days. Fill in the form below and we send you a fresh link.',
    );
    expect(screen.getByRole('button', { name: 'Send me the link' })).toBeTruthy();
    cleanup();

    renderAt('/downloadable-content/guide/de-CH?link=invalid');
    expect((await screen.findByRole('alert')).textContent).toContain('Dieser Download-Link ist ungültig');
    await fillAndSend('Link zusenden');
    expect(await screen.findByRole('status', { name: 'Der Link ist unterwegs' })).toBeTruthy();
    // The link is sent: the notice has done its job.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server field errors under their fields', async () => {
    api.answer(
      downloadableCalls.requestDownload,
      refuseFields([
        { field: 'email', code: 'invalidEmail', messagesByLanguage: inEveryLanguage({ 'en-US': 'Please enter a valid e-mail address.', 'de-CH': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }) },
      ]),
    );
    renderAt('/downloadable-content/guide/en-US');
    await fillAndSend('Send me the link');
    const email = screen.getByLabelText(/^E-mail address/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please enter a valid e-mail address.');
    expect(screen.queryByRole('status', { name: 'The link is on its way' })).toBeNull();
  });

  it('says so for an unknown item, and corrects an address without a language', async () => {
    // The failed load is logged by the query cache.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/downloadable-content/nothing/en-US');
    expect(await screen.findByRole('heading', { level: 1, name: 'Download not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/web/en-US/');
    cleanup();

    const router = renderAt('/downloadable-content/guide/fr-FR', 'de-CH');
    await waitFor(() => expect(router.state.location.pathname).toBe('/downloadable-content/guide/de-CH'));
  });
});
