// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths, newsletterUnsubscribeSection } from '#shared/paths.ts';
import type { NewsletterPreferences } from '#shared/schemas/newsletter.ts';
import type { ContactRecord } from '#shared/schemas/contacts.ts';
import { LanguageProvider } from '#client/lib/i18n.tsx';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { installFakeApi, refuse, refuseFields } from '../../../../../tests/helpers/fake-api.ts';
import { inEveryLanguage } from '../../../../../tests/helpers/languages.ts';
import PreferencesPage from './preferences-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const token = 'q3T-_x9Zk1mN0pQrS2tUvW4xYz5aBcDeFgHiJkLmN6o';
const base = `/api/newsletter/${token}`;

const notFound = refuse('notFound', inEveryLanguage({ 'en-US': 'This link is unknown or has expired.', 'de-CH': 'Unbekannt.' }));

const pending: NewsletterPreferences = {
  email: 'anna@example.ch',
  firstName: 'Anna',
  status: 'PENDING',
  role: null,
  experienceLevel: null,
  topicIds: ['phishing'],
  preferredLanguage: 'en-US',
  language: 'en-US',
};

const topics = [
  { id: 'phishing', title: 'Phishing and social engineering' },
  { id: 'ransomware', title: 'Ransomware' },
];

const record: ContactRecord = {
  contact: {
    id: '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b',
    email: 'anna@example.ch',
    firstName: 'Anna',
    lastName: null,
    gender: null,
    companyName: 'Muster AG',
    phoneCountryCode: 'CH',
    phoneNumber: '79 123 45 67',
    role: 'HEAD_OF_IT',
    experienceLevel: null,
    preferredLanguage: 'de-CH',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
  },
  consents: [
    { subject: 'DATA_PRIVACY', granted: true, textVersion: '2026-06-01', language: 'en-US', source: 'NEWSLETTER', createdAt: '2026-11-20T09:00:00.000Z' },
    { subject: 'NEWSLETTER', granted: false, textVersion: '2026-06-01', language: 'en-US', source: 'PREFERENCE_CENTRE', createdAt: '2026-11-22T09:00:00.000Z' },
  ],
  newsletterSubscription: {
    status: 'PENDING',
    topicIds: ['phishing'],
    source: 'NEWSLETTER',
    requestedAt: '2026-11-20T09:00:00.000Z',
    confirmedAt: null,
    unsubscribedAt: null,
  },
  contactMessages: [],
  webinarSubscriptions: [
    {
      id: '4f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b',
      subscribedAt: '2026-11-20T10:00:00.000Z',
      language: 'en-US',
      webinar: { id: '5f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b', code: 'PHISHING-1', title: 'Spotting phishing', startsAt: '2027-02-03T13:00:00.000Z' },
    },
  ],
  orders: [
    {
      id: '6f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b',
      number: '2026-0042',
      status: 'PAID',
      currency: 'CHF',
      createdAt: '2026-11-19T09:00:00.000Z',
      orderedAt: '2026-11-19T10:00:00.000Z',
      linkedBy: ['CHECKOUT'],
      savedCartBy: null,
      invoiceInfo: {},
    },
  ],
};

const deletionAnswer = {
  messages: [{ translations: inEveryLanguage({ 'en-US': 'We have sent you an e-mail with a link to confirm.', 'de-CH': 'Wir haben Ihnen eine E-Mail geschickt.' }) }],
};

const api = installFakeApi();

/** The calls that change something: the page must make none of them on its own. */
const changes = () => api.fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET').map(([url, init]) => `${init?.method} ${String(url)}`);

beforeEach(() => {
  api.answer(newsletterCalls.newsletterPreferences, pending);
  api.answer(newsletterCalls.saveNewsletterPreferences, ({ body }) => ({ ...pending, ...(body as Partial<NewsletterPreferences>), status: 'CONFIRMED' as const }));
  api.answer(newsletterCalls.confirmNewsletter, { ...pending, status: 'CONFIRMED' });
  api.answer(newsletterCalls.unsubscribeFromNewsletter, { ...pending, status: 'UNSUBSCRIBED' });
  api.answer(newsletterCalls.personalData, record);
  api.answer(newsletterCalls.requestDeletion, deletionAnswer);
  api.answer(newsletterCalls.newsletterTopics, topics);
});

afterEach(() => {
  cleanup();
});

function renderPage(language: Language = 'en-US', hash = '') {
  const router = createMemoryRouter([{ path: appPaths.newsletterPreferences(':token'), element: <PreferencesPage /> }], {
    initialEntries: [`${appPaths.newsletterPreferences(token)}${hash}`],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider initial={language} loadCatalogue={loadAppCatalogue}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe('the preference centre', () => {
  it('pending, opened in a browser: confirms with a request of its own, says so, and the choices are right there', async () => {
    renderPage();
    expect(await screen.findByText('Hello Anna')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const said = await screen.findByText(/^Thank you: your subscription is confirmed\./);
    await waitFor(() => expect(document.activeElement).toBe(said.closest('[role="status"]')));
    // The confirmation of the link only: it never subscribes again someone who unsubscribed.
    expect(changes()).toEqual([`POST ${base}/confirm?only=PENDING`]);
    expect(screen.getByText('Status: Subscribed')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'Phishing and social engineering' })).toHaveProperty('checked', true);

    fireEvent.change(screen.getByLabelText('Your role'), { target: { value: 'CISO' } });
    fireEvent.change(screen.getByLabelText('Your experience in cybersecurity'), { target: { value: 'EXPERT' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ransomware' }));
    fireEvent.change(screen.getByLabelText('Language of the newsletter'), { target: { value: 'de-CH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your choices have been saved.')).toBeTruthy();
    expect(api.requests(newsletterCalls.saveNewsletterPreferences).map(({ body }) => body)).toEqual([{ role: 'CISO', experienceLevel: 'EXPERT', topicIds: ['phishing', 'ransomware'], preferredLanguage: 'de-CH' }]);
    expect(screen.getByText('You receive our newsletter in German.')).toBeTruthy();
  });

  it('pending, when the confirmation on opening fails: "Confirm and save" saves the choices and confirms', async () => {
    api.answer(newsletterCalls.confirmNewsletter, refuse('internal'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    fireEvent.change(await screen.findByLabelText('Your role'), { target: { value: 'CISO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText(/^Your choices have been saved and your subscription is confirmed\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it.each(['CONFIRMED', 'UNSUBSCRIBED'] as const)('%s, opened in a browser: changes nothing', async (status) => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status });
    renderPage();
    expect(await screen.findByText('Hello Anna')).toBeTruthy();
    await screen.findByRole('checkbox', { name: 'Phishing and social engineering' });
    expect(changes()).toEqual([]);
  });

  it('confirmed: the button reads "Save"; unsubscribing says so and offers to subscribe again', async () => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'CONFIRMED', role: 'CISO' });
    api.answer(newsletterCalls.unsubscribeFromNewsletter, { ...pending, status: 'UNSUBSCRIBED', role: 'CISO' });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm and save' })).toBeNull();
    expect((screen.getByLabelText('Your role') as HTMLSelectElement).value).toBe('CISO');

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const said = await screen.findByText(/You have been unsubscribed and will receive no more newsletters/);
    await waitFor(() => expect(document.activeElement).toBe(said.closest('[role="status"]')));
    expect(screen.getByRole('button', { name: 'Subscribe again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(changes()).toEqual([`POST ${base}/unsubscribe`]);
    expect(api.requests(newsletterCalls.unsubscribeFromNewsletter).map(({ body }) => body)).toEqual([undefined]);
  });

  it.each([
    ['en-US', 'Unsubscribe', /You have been unsubscribed/],
    ['de-CH', 'Abmelden', /Sie wurden abgemeldet/],
  ] as const)('opened from the List-Unsubscribe address (%s): takes the focus to the Unsubscribe section and changes nothing until its button is pressed', async (language, name, said) => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'CONFIRMED' });
    renderPage(language, `#${newsletterUnsubscribeSection}`);
    const heading = await screen.findByRole('heading', { level: 2, name });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest('section')?.id).toBe(newsletterUnsubscribeSection);
    expect(changes()).toEqual([]);

    fireEvent.click(within(heading.closest('section') as HTMLElement).getByRole('button', { name }));
    expect(await screen.findByText(said)).toBeTruthy();
    expect(changes()).toEqual([`POST ${base}/unsubscribe`]);
  });

  it('opened without the fragment: leaves the focus where it is', async () => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'CONFIRMED' });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Unsubscribe' });
    expect(document.activeElement).toBe(document.body);
  });

  it('unsubscribed: says so and "Subscribe again" confirms', async () => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'UNSUBSCRIBED' });
    renderPage();
    expect(await screen.findByText('You are unsubscribed and receive no newsletter. You can subscribe again at any time.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe again' }));
    expect(await screen.findByText('You are subscribed again. You will receive our newsletter from now on.')).toBeTruthy();
    expect(screen.getByText('Status: Subscribed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    expect(changes()).toEqual([`POST ${base}/confirm`]);
  });

  it('an unknown or expired link explains how to get a new one, in the app language', async () => {
    api.answer(newsletterCalls.newsletterPreferences, notFound);
    renderPage('de-CH');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht' })).toBeTruthy();
    expect(screen.getByText(/Newsletter abonnieren/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu unserer Website' }).getAttribute('href')).toBe('/web/de-CH/');
  });

  it('shows a field error of the server under its field, in the current language', async () => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'CONFIRMED' });
    api.answer(
      newsletterCalls.saveNewsletterPreferences,
      refuseFields([
        { field: 'topicIds.0', code: 'invalidOption', messagesByLanguage: inEveryLanguage({ 'en-US': 'Please choose one of the options.', 'de-CH': 'Bitte wählen Sie eine der Optionen.' }) },
      ]),
    );
    renderPage('de-CH');
    fireEvent.click(await screen.findByRole('button', { name: 'Speichern' }));
    const error = await screen.findByText('Bitte wählen Sie eine der Optionen.');
    const group = screen.getByRole('group', { name: 'Themen, die Sie interessieren' });
    expect(within(group).getByText('Bitte wählen Sie eine der Optionen.')).toBe(error);
    await waitFor(() => expect(document.activeElement).toBe(error));
  });

  it('lists what is stored, offers the download, and asks for the deletion after a confirmation step', async () => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'CONFIRMED' });
    renderPage();
    const data = (await screen.findByRole('heading', { level: 2, name: 'What we store about you' })).closest('section') as HTMLElement;
    expect(within(data).getByRole('link', { name: 'Download as JSON' }).getAttribute('href')).toBe(`${base}/data`);
    expect(await within(data).findByText('Muster AG')).toBeTruthy();
    expect(within(data).getByText('Head of IT')).toBeTruthy();
    expect(within(data).getByText('79 123 45 67 (CH)')).toBeTruthy();
    expect(within(data).getByText(/^Privacy policy: given on/)).toBeTruthy();
    expect(within(data).getByText(/^Newsletter: withdrawn on/)).toBeTruthy();
    expect(within(data).getByText(/Text version 2026-06-01, through the newsletter form, in English\./)).toBeTruthy();
    expect(within(data).getByText('You have not sent us any message through our contact form.')).toBeTruthy();
    expect(within(data).getByText(/^Spotting phishing, /)).toBeTruthy();
    expect(within(data).getByText('Order 2026-0042')).toBeTruthy();
    expect(within(data).getByText(/Status: Paid\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    const step = screen.getByRole('group', { name: 'Confirm by e-mail' });
    expect(step.textContent).toContain('Your orders are kept for accounting, without your name and address.');
    await waitFor(() => expect(document.activeElement).toBe(step));
    expect(changes()).toEqual([]);

    fireEvent.click(within(step).getByRole('button', { name: 'Send me the link' }));
    const sent = await screen.findByText('We have sent you an e-mail with a link to confirm.');
    await waitFor(() => expect(document.activeElement).toBe(sent.closest('[role="status"]')));
    expect(changes()).toEqual([`POST ${base}/deletion`]);
  });

  it('cancelling the deletion step sends nothing and returns to the button', async () => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'CONFIRMED' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = screen.getByRole('button', { name: 'Delete my data' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(changes()).toEqual([]);
  });

  it('a link that died meanwhile shows the not-found page', async () => {
    api.answer(newsletterCalls.newsletterPreferences, { ...pending, status: 'CONFIRMED' });
    api.answer(newsletterCalls.unsubscribeFromNewsletter, notFound);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
  });
});
