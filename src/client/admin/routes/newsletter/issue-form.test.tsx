// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { createQueryClient } from '#client/lib/queries.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { loadBackOfficeCatalogue } from '#shared/i18n/load-back-office-catalogue.ts';
import type { Language } from '#shared/locales.ts';
import { installFakeApi } from '../../../../../tests/helpers/fake-api.ts';
import { emptyIssueForm, IssueForm } from './issue-form.tsx';

configure({ asyncUtilTimeout: 5000 });

const api = installFakeApi();

beforeEach(() => {
  api.answer(newsletterCalls.newsletterTopics, [
    { id: 'phishing', title: 'Phishing and social engineering' },
    { id: 'compliance', title: 'Compliance' },
  ]);
  // No narrowing: 12; each role ticked 5 fewer, each topic 3 fewer.
  api.answer(newsletterAdminCalls.newsletterSegmentCount, ({ body }) => ({ recipients: 12 - body.roles.length * 5 - body.topicIds.length * 3 }));
});

afterEach(() => {
  cleanup();
});

function renderForm(onSubmit = vi.fn(async () => {}), language: Language = 'en-US') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadBackOfficeCatalogue}>
        <IssueForm initial={emptyIssueForm} submitLabel="adminNewsletter.create.submit" onSubmit={onSubmit} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return onSubmit;
}

describe('the issue form', () => {
  it('counts the recipients again as the segment is chosen', async () => {
    renderForm();
    const recipients = await screen.findByRole('group', { name: 'Recipients' });
    await within(recipients).findByText('This reaches 12 confirmed subscribers now.');
    fireEvent.click(within(recipients).getByRole('checkbox', { name: 'Chief information security officer (CISO)' }));
    await within(recipients).findByText('This reaches 7 confirmed subscribers now.');
    fireEvent.click(await within(recipients).findByRole('checkbox', { name: 'Phishing and social engineering' }));
    await within(recipients).findByText('This reaches 4 confirmed subscribers now.');
    expect(api.requests(newsletterAdminCalls.newsletterSegmentCount).at(-1)?.body).toEqual({
      languages: ['en-US', 'de-CH'],
      roles: ['CISO'],
      experienceLevels: [],
      topicIds: ['phishing'],
    });
  }, 30_000);

  it('asks for the subject and text of each language the segment reaches, and only those', async () => {
    const onSubmit = renderForm(vi.fn(async () => {}), 'de-CH');
    const english = await screen.findByRole('group', { name: 'Ausgabe auf Englisch' });
    fireEvent.change(within(english).getByLabelText(/^Betreff/), { target: { value: 'Phishing season' } });
    fireEvent.change(within(english).getByLabelText(/^Text/), { target: { value: '# Phishing season' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    const german = screen.getByRole('group', { name: 'Ausgabe auf Deutsch' });
    await within(german).findAllByText('Dieses Feld ist erforderlich.');
    expect(onSubmit).not.toHaveBeenCalled();

    // Without German among the languages, the German edition may stay empty.
    fireEvent.click(within(screen.getByRole('group', { name: 'Sprachen' })).getByRole('checkbox', { name: 'Deutsch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]).toEqual([
      {
        editions: { 'en-US': { subject: 'Phishing season', preheader: '', body: '# Phishing season' }, 'de-CH': { subject: '', preheader: '', body: '' } },
        segment: { languages: ['en-US'], roles: [], experienceLevels: [], topicIds: [] },
      },
    ]);
  }, 30_000);
});
