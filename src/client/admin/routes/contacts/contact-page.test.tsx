// @vitest-environment jsdom
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactAdminCalls } from '#shared/contract/contacts-admin.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import { adminPaths } from '#shared/paths.ts';
import type { ContactRecord } from '#shared/schemas/contacts.ts';
import { renderBackOffice } from '../../../../../tests/helpers/back-office.tsx';
import { installFakeApi, refuse } from '../../../../../tests/helpers/fake-api.ts';
import ContactPage from './contact-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const id = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';
const messageId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const webinarId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const orderId = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';

const record: ContactRecord = {
  contact: {
    id,
    email: 'anna.muster@example.ch',
    firstName: 'Anna',
    lastName: 'Muster',
    gender: null,
    companyName: 'Muster AG',
    phoneCountryCode: 'CH',
    phoneNumber: '44 668 18 00',
    role: 'CISO',
    experienceLevel: null,
    preferredLanguage: 'de-CH',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
  },
  consents: [
    { subject: 'DATA_PRIVACY', granted: true, textVersion: '2026-06-01', language: 'de-CH', source: 'CONTACT_FORM', createdAt: '2026-11-01T09:00:00.000Z' },
    { subject: 'NEWSLETTER', granted: false, textVersion: '2026-06-01', language: 'en-US', source: 'LIST_UNSUBSCRIBE', createdAt: '2026-11-03T09:00:00.000Z' },
  ],
  newsletterSubscription: {
    status: 'UNSUBSCRIBED',
    topicIds: ['phishing', 'gone-topic'],
    source: 'WEBINAR',
    requestedAt: '2026-11-01T10:00:00.000Z',
    confirmedAt: '2026-11-01T11:00:00.000Z',
    unsubscribedAt: '2026-11-03T09:00:00.000Z',
  },
  contactMessages: [
    {
      id: messageId,
      receivedAt: '2026-11-01T09:00:00.000Z',
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna.muster@example.ch',
      phoneCountryCode: null,
      phoneNumber: null,
      company: null,
      recipient: 'EDUCATION_EXPERT',
      subject: 'Seats for our branch',
      message: 'We would like 40 seats.',
      language: 'de-CH',
    },
  ],
  webinarSubscriptions: [
    {
      id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      subscribedAt: '2026-11-01T10:00:00.000Z',
      language: 'en-US',
      webinar: { id: webinarId, code: 'PHISHING-1', title: 'Spotting phishing', startsAt: '2026-12-03T13:00:00.000Z' },
    },
  ],
  orders: [
    {
      id: orderId,
      number: '2026-000042',
      status: 'ORDERED',
      currency: 'EUR',
      createdAt: '2026-11-04T09:00:00.000Z',
      orderedAt: '2026-11-04T10:00:00.000Z',
      linkedBy: ['CHECKOUT'],
      savedCartBy: null,
      invoiceInfo: { company: { name: 'Alpenblick Treuhand AG' }, contact: { email: 'ANNA.MUSTER@example.ch' } },
    },
  ],
};

const api = installFakeApi();

beforeEach(() => {
  api.answer(contactAdminCalls.adminContact, record);
  api.answer(newsletterCalls.newsletterTopics, [{ id: 'phishing', title: 'Phishing' }]);
});

afterEach(() => {
  cleanup();
});

function renderAt(path: string, language: Language = 'en-US') {
  renderBackOffice([{ path: adminPaths.contact(':contactId'), element: <ContactPage /> }], path, language);
}

const section = (name: string) => screen.getByRole('region', { name });
const cellsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('the contact record', () => {
  it('shows the contact, the consents, the form entries, the newsletter subscription and the orders, each under its heading', async () => {
    renderAt(`/contacts/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Muster' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Contact details',
      'Consents',
      'Form entries',
      'Newsletter subscription',
      'Orders',
    ]);
    expect(screen.getByRole('link', { name: 'Back to the contacts' }).getAttribute('href')).toBe('/contacts');

    const details = section('Contact details');
    expect(within(details).getByRole('link', { name: 'anna.muster@example.ch' }).getAttribute('href')).toBe('mailto:anna.muster@example.ch');
    const facts = Object.fromEntries(within(details).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      'First name': 'Anna',
      'Last name': 'Muster',
      Gender: 'Not given',
      Company: 'Muster AG',
      Phone: '+41 44 668 18 00',
      // The person's own record keeps its company; the orders name the one they ordered for.
      'Companies of their orders': 'Alpenblick Treuhand AG',
      Role: 'Chief information security officer (CISO)',
      'Experience in cybersecurity': 'Not given',
      'Preferred language': 'German',
      'Known since': formatDateTime('2026-11-01T09:00:00.000Z', 'en-US'),
    });

    const consents = within(section('Consents')).getByRole('table', { name: 'Consents of this contact, oldest first' });
    expect(cellsOf(consents)).toEqual([
      ['Privacy policy', 'Granted', '2026-06-01', 'German', 'Contact form', formatDateTime('2026-11-01T09:00:00.000Z', 'en-US')],
      ['Newsletter', 'Withdrawn', '2026-06-01', 'English', "Mail program's unsubscribe button", formatDateTime('2026-11-03T09:00:00.000Z', 'en-US')],
    ]);

    const entries = section('Form entries');
    expect(within(entries).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Contact messages', 'Webinar sign-ups']);
    expect(within(entries).getByRole('link', { name: 'Seats for our branch' }).getAttribute('href')).toBe(`/messages/${messageId}`);
    expect(cellsOf(within(entries).getByRole('table', { name: /Messages sent through the contact form/ }))).toEqual([
      [formatDateTime('2026-11-01T09:00:00.000Z', 'en-US'), 'Seats for our branch', 'Education expert'],
    ]);
    expect(within(entries).getByRole('link', { name: 'Spotting phishing' }).getAttribute('href')).toBe(`/webinars/${webinarId}`);
    expect(cellsOf(within(entries).getByRole('table', { name: 'Webinar sign-ups of this contact' }))).toEqual([
      ['Spotting phishing', 'PHISHING-1', formatDateTime('2026-12-03T13:00:00.000Z', 'en-US'), 'English', formatDateTime('2026-11-01T10:00:00.000Z', 'en-US')],
    ]);

    const newsletter = section('Newsletter subscription');
    // Topics are titled as the topic list titles them; one it no longer has shows its id.
    expect(await within(newsletter).findByText('Phishing, gone-topic')).toBeTruthy();
    expect(within(newsletter).getByText('Unsubscribed', { selector: 'dd' })).toBeTruthy();
    expect(within(newsletter).getByText('Webinar sign-up')).toBeTruthy();

    const orders = within(section('Orders')).getByRole('table', { name: 'Orders and carts that name this e-mail address' });
    expect(within(orders).getByRole('link', { name: '2026-000042' }).getAttribute('href')).toBe(`/orders/${orderId}`);
    expect(cellsOf(orders)[0]?.slice(1, 5)).toEqual(['Ordered', 'Alpenblick Treuhand AG', "Buyer's contact", 'EUR']);
  });

  it('says what a contact without entries has none of, in Swiss German', async () => {
    api.answer(contactAdminCalls.adminContact, {
      ...record,
      contact: { ...record.contact, firstName: null, lastName: null },
      consents: [],
      newsletterSubscription: null,
      contactMessages: [],
      webinarSubscriptions: [],
      orders: [],
    });
    renderAt(`/contacts/${id}`, 'de-CH');
    expect(await screen.findByRole('heading', { level: 1, name: 'anna.muster@example.ch' })).toBeTruthy();
    for (const text of [
      'Es ist keine Einwilligung erfasst.',
      'Keine Nachricht über das Kontaktformular.',
      'Keine Webinar-Anmeldung.',
      'Kein Newsletter-Abonnement.',
      'Keine Bestellung und kein Warenkorb nennt diese E-Mail-Adresse.',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.queryByRole('table')).toBeNull();
    // No topic to title: the topic list is not asked for.
    expect(api.requests(newsletterCalls.newsletterTopics)).toEqual([]);
  });

  it('says that an unknown contact does not exist, with the way back', async () => {
    api.answer(contactAdminCalls.adminContact, refuse('notFound'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(`/contacts/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This contact does not exist.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the contacts' }).getAttribute('href')).toBe('/contacts');
    // A malformed id is just as unknown (the server refuses it with 400, as the fake API does).
    cleanup();
    renderAt('/contacts/not-an-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'This contact does not exist.' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });
});
