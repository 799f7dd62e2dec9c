// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { downloadableCalls } from '#shared/contract/downloadables.ts';
import type { Downloadable } from '#shared/schemas/downloadables.ts';
import type { CaptchaWidgetProps } from '#client/ui/captcha/captcha-widget.tsx';
import { forgetLoadedFormData } from '#client/ui/form/form-data.ts';
import { installFakeApi, refuse, refuseFields } from '../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../tests/helpers/languages.ts';
import DownloadableContent from './downloadable-content.tsx';

// The real widget solves a proof-of-work puzzle in Web Workers; here a button stands in.
vi.mock('#client/ui/captcha/captcha-widget.tsx', () => ({
  CaptchaWidget: (props: CaptchaWidgetProps) => (
    <button type="button" onClick={() => props.onSolved(`solution-${props.resetSignal ?? 0}`)}>
      solve captcha
    </button>
  ),
}));

const guide = inEveryLanguage<Downloadable>({
  'en-US': { code: 'guide', language: 'en-US', title: 'The cybersecurity education guide', description: 'Awareness.', coverUrl: '/api/downloadables/by-code/guide/cover.svg?language=en-US', pageCount: 5 },
  'de-CH': { code: 'guide', language: 'de-CH', title: 'Der Leitfaden zur Cybersecurity-Ausbildung', description: 'Awareness.', coverUrl: '/api/downloadables/by-code/guide/cover.svg?language=de-CH', pageCount: 6 },
});

const confirmation = inEveryLanguage({
  'en-US': 'Thank you. The link to download “The cybersecurity education guide” is on its way to anna@example.ch. It works for 7 days.',
  'de-CH': 'Vielen Dank. Der Link zum Herunterladen von «Der Leitfaden zur Cybersecurity-Ausbildung» ist unterwegs an anna@example.ch. Er ist 7 Tage gültig.',
});

const api = installFakeApi();

beforeEach(() => {
  forgetLoadedFormData();
  document.cookie = 'XSRF-TOKEN=test-token; Path=/';
  api.answer(siteKeyCalls.forms, { siteKey: 'sk_forms' });
  api.answer(downloadableCalls.downloadable, ({ params, query }) => (params.code === 'guide' ? guide[query.language ?? 'en-US'] : refuse('notFound')));
  api.answer(downloadableCalls.requestDownload, { messages: [{ translations: confirmation }] });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
});

function dialog(): HTMLDialogElement {
  return document.querySelector('dialog')!;
}

async function openDialog(name: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name }));
  await waitFor(() => expect(dialog().hasAttribute('open')).toBe(true));
}

async function fillAndSend(): Promise<void> {
  const form = within(dialog());
  fireEvent.change(form.getByLabelText(/^Vorname/), { target: { value: 'Anna' } });
  fireEvent.change(form.getByLabelText(/^Nachname/), { target: { value: 'Muster' } });
  fireEvent.change(form.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'anna@example.ch' } });
  fireEvent.change(form.getByLabelText('Firma'), { target: { value: 'Muster AG' } });
  fireEvent.change(form.getByLabelText('Ihre Funktion'), { target: { value: 'HEAD_OF_IT' } });
  fireEvent.click(form.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
  fireEvent.click(await form.findByRole('button', { name: 'solve captcha' }));
  fireEvent.click(form.getByRole('button', { name: 'Link zusenden' }));
}

describe('the downloadable-content widget', () => {
  it('prerenders a disabled button, which the live widget enables', () => {
    const html = renderToString(<DownloadableContent lang="en-US" currency="EUR" code="guide" label="Get the free guide" />);
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('Get the free guide');
    render(<DownloadableContent lang="en-US" currency="EUR" code="guide" label="Get the free guide" />);
    expect((screen.getByRole('button', { name: 'Get the free guide' }) as HTMLButtonElement).disabled).toBe(false);
    // Nothing is loaded before the visitor shows interest.
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('renders nothing without a code', () => {
    const { container } = render(<DownloadableContent lang="en-US" currency="EUR" label="Get the free guide" />);
    expect(container.innerHTML).toBe('');
  });

  it('opens the form in a labelled modal dialog with the item, closes on Escape and returns the focus', async () => {
    render(<DownloadableContent lang="en-US" currency="EUR" code="guide" label="Get the free guide" />);
    const opener = screen.getByRole('button', { name: 'Get the free guide' });
    await openDialog('Get the free guide');
    const modal = screen.getByRole('dialog', { name: 'Get your free copy' });
    expect(document.getElementById(modal.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'We send you a download link by e-mail. It works for 7 days, for anyone who has it.',
    );
    await waitFor(() => expect(document.activeElement).toBe(within(modal).getByLabelText(/^First name/)));
    expect(await within(modal).findByText('The cybersecurity education guide')).toBeTruthy();
    expect(within(modal).getByText('5 pages')).toBeTruthy();
    expect(modal.querySelector('img')?.getAttribute('src')).toBe('/api/downloadables/by-code/guide/cover.svg?language=en-US');
    for (const label of [/^First name/, /^Last name/, /^E-mail address/, /^Company/, 'Your role']) expect(within(modal).getByLabelText(label)).toBeTruthy();
    expect(within(modal).getByRole('checkbox', { name: /newsletter/ })).toBeTruthy();
    expect(within(modal).getByRole('checkbox', { name: /privacy policy/ })).toBeTruthy();

    fireEvent.keyDown(modal, { key: 'Escape' });
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('posts the form for the item and shows that the link is on its way, in the page language', async () => {
    render(<DownloadableContent lang="de-CH" currency="CHF" code="guide" label="Leitfaden kostenlos erhalten" />);
    await openDialog('Leitfaden kostenlos erhalten');
    expect(await within(dialog()).findByText('Der Leitfaden zur Cybersecurity-Ausbildung')).toBeTruthy();
    await fillAndSend();

    const status = await within(dialog()).findByRole('status');
    expect(status.textContent).toContain(confirmation['de-CH']);
    expect(status.textContent).toContain('Schauen Sie in Ihren Posteingang');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(api.requests(downloadableCalls.requestDownload).map(({ params }) => params)).toEqual([{ code: 'guide' }]);
    expect(api.requests(downloadableCalls.requestDownload)[0]?.body).toEqual({
      newsletterEnabled: false,
      preferredLanguage: 'de-CH',
      agreeWithDataPrivacy: true,
      captchaSolution: 'solution-0',
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      companyName: 'Muster AG',
      role: 'HEAD_OF_IT',
    });

    // Closing after the confirmation, then opening again, offers an empty form.
    const [, closeUnderConfirmation] = within(dialog()).getAllByRole('button', { name: 'Schliessen' });
    fireEvent.click(closeUnderConfirmation!);
    expect(dialog().hasAttribute('open')).toBe(false);
    await openDialog('Leitfaden kostenlos erhalten');
    expect((within(dialog()).getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server field errors under the fields', async () => {
    api.answer(
      downloadableCalls.requestDownload,
      refuseFields([{ field: 'email', code: 'invalidEmail', messagesByLanguage: inEveryLanguage({ 'en-US': 'Please enter a valid e-mail address.', 'de-CH': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }) }]),
    );
    render(<DownloadableContent lang="de-CH" currency="CHF" code="guide" label="Leitfaden kostenlos erhalten" />);
    await openDialog('Leitfaden kostenlos erhalten');
    await fillAndSend();
    const email = within(dialog()).getByLabelText(/^E-Mail-Adresse/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(within(dialog()).queryByRole('status')).toBeNull();
  });

  it('says the document is unavailable when it cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.answer(downloadableCalls.downloadable, refuse('notFound', inEveryLanguage({ 'en-US': 'This download does not exist.', 'de-CH': 'Diesen Download gibt es nicht.' })));
    render(<DownloadableContent lang="en-US" currency="EUR" code="guide" label="Get the free guide" />);
    await openDialog('Get the free guide');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('This document is not available at the moment. Please try again later.');
    expect(within(dialog()).queryByLabelText(/^First name/)).toBeNull();
  });
});
