// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from '#client/lib/api.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';
import type { Language } from '#shared/locales.ts';
import type { WebinarInput } from '#shared/schemas/webinars.ts';
import { installFakeApi, refuse } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import { DeleteWebinarDialog } from './delete-webinar-dialog.tsx';
import { WebinarForm } from './webinar-form.tsx';
import { emptyWebinarForm } from './webinar-form-values.ts';

configure({ asyncUtilTimeout: 5000 });

const id = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';

const api = installFakeApi();

beforeEach(() => {
  api.answer(webinarAdminCalls.deleteWebinar, undefined);
});

afterEach(() => {
  cleanup();
});

function renderWith(children: ReactNode, language: Language = 'en-US') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadBackOfficeCatalogue}>{children}</LanguageProvider>
    </QueryClientProvider>,
  );
}

const deletions = () => api.requests(webinarAdminCalls.deleteWebinar).map(({ params, query }) => ({ id: params.id, subscribersInformed: query.subscribersInformed }));

describe('deleting a webinar', () => {
  it('asks nothing more of a webinar without subscribers', async () => {
    const onDeleted = vi.fn();
    renderWith(<DeleteWebinarDialog webinar={{ id, title: 'Phishing', subscriberCount: 0 }} onClose={() => {}} onDeleted={onDeleted} onConflict={() => {}} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deletions()).toEqual([{ id, subscribersInformed: undefined }]);
  });

  it('with subscribers, deletes only once staff confirm that they will be told', async () => {
    const onDeleted = vi.fn();
    renderWith(<DeleteWebinarDialog webinar={{ id, title: 'Phishing', subscriberCount: 3 }} onClose={() => {}} onDeleted={onDeleted} onConflict={() => {}} />);
    expect(screen.getByText('It has 3 subscribers.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Delete' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: /I confirm that the subscribers will be told/ }));
    fireEvent.click(submit);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deletions()).toEqual([{ id, subscribersInformed: true }]);
  });

  it('shows the refusal when someone signed up meanwhile, and reloads the webinar', async () => {
    const text = inEveryLanguage({ 'en-US': 'This webinar has subscribers.', 'de-CH': 'Für dieses Webinar gibt es Anmeldungen.' });
    api.answer(webinarAdminCalls.deleteWebinar, refuse('conflict', text));
    const onConflict = vi.fn();
    renderWith(<DeleteWebinarDialog webinar={{ id, title: 'Phishing', subscriberCount: 0 }} onClose={() => {}} onDeleted={() => {}} onConflict={onConflict} />, 'de-CH');
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text['de-CH']);
    expect(onConflict).toHaveBeenCalled();
  });
});

describe('the webinar form', () => {
  function fill(): void {
    const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Code/, 'PHISHING-1');
    type(/^Title/, 'Spotting phishing');
    type(/^Language/, 'en-US');
    type(/^Date/, '2027-07-03');
    type(/^Time/, '14:00');
    type(/^Duration in minutes/, '45');
    type(/^Description/, 'Text');
    type(/^Join link/, 'https://meet.example.com/x');
  }

  it('checks in the browser first and focuses the first problem', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWith(<WebinarForm initial={emptyWebinarForm} submitLabel="adminWebinars.create.submit" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/^Join link/), { target: { value: 'http://meet.example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create webinar' }));
    const code = screen.getByLabelText(/^Code/);
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByText('Please enter a link starting with https://.')).toBeTruthy();
    expect(screen.getByLabelText(/^Date/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the start as a UTC instant and shows the server\'s field errors under their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, {
        errors: [{ field: 'code', code: 'invalid', messagesByLanguage: inEveryLanguage({ 'en-US': 'Another webinar already has this code.', 'de-CH': 'Vergeben.' }) }],
      });
    });
    renderWith(<WebinarForm initial={emptyWebinarForm} submitLabel="adminWebinars.create.submit" onSubmit={onSubmit} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create webinar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      {
        code: 'PHISHING-1',
        title: 'Spotting phishing',
        language: 'en-US',
        startsAt: '2027-07-03T12:00:00.000Z',
        durationMinutes: 45,
        description: 'Text',
        link: 'https://meet.example.com/x',
      },
    ]);
    const code = screen.getByLabelText(/^Code/);
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Another webinar already has this code.')).toBeTruthy();
  });

  it.each([
    ['answers 500', refuse('internal')],
    [
      'does not answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as const)('says so when the server %s, and keeps what was typed', async (_case, failure) => {
    api.answer(webinarAdminCalls.createWebinar, failure);
    const create = async (payload: WebinarInput) => void (await callApi(webinarAdminCalls.createWebinar, { body: payload }));
    renderWith(<WebinarForm initial={emptyWebinarForm} submitLabel="adminWebinars.create.submit" onSubmit={create} />, 'de-CH');
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: 'PHISHING-1' } });
    fireEvent.change(screen.getByLabelText(/^Titel/), { target: { value: 'Phishing erkennen' } });
    fireEvent.change(screen.getByLabelText(/^Sprache/), { target: { value: 'de-CH' } });
    fireEvent.change(screen.getByLabelText(/^Datum/), { target: { value: '2027-07-03' } });
    fireEvent.change(screen.getByLabelText(/^Uhrzeit/), { target: { value: '14:00' } });
    fireEvent.change(screen.getByLabelText(/^Dauer in Minuten/), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Text' } });
    fireEvent.change(screen.getByLabelText(/^Link zur Teilnahme/), { target: { value: 'https://meet.example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Webinar erstellen' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.',
    );
    expect((screen.getByLabelText(/^Titel/) as HTMLInputElement).value).toBe('Phishing erkennen');
    expect((screen.getByLabelText(/^Link zur Teilnahme/) as HTMLInputElement).value).toBe('https://meet.example.com/x');
    expect(screen.getByRole('button', { name: 'Webinar erstellen' })).toHaveProperty('disabled', false);
  });
});
