import { describe, expect, it } from 'vitest';
import { statementMail, statementSubject, type StatementInvoice, type StatementPayload } from './statement.mails.ts';

const invoice = (overrides: Partial<StatementInvoice>): StatementInvoice => ({
  invoiceId: 'a',
  orderId: 'o1',
  orderNumber: '2026-000001',
  number: 'INV-2026-000001',
  periodStart: null,
  periodEnd: null,
  dueOn: '2026-03-01',
  openMinor: 5297,
  currency: 'CHF',
  level: 0,
  before: [],
  ...overrides,
});

const statement = (invoices: StatementInvoice[], language: StatementPayload['language'] = 'en-US'): StatementPayload => ({
  asOf: '2026-04-01',
  steps: 3,
  language,
  person: {},
  invoices,
});

describe('a reminder statement', () => {
  it('takes its tone from the highest level, and names one invoice by its number', () => {
    expect(statementSubject(statement([invoice({ level: 1 })]))).toBe('Payment reminder: invoice INV-2026-000001');
    expect(statementSubject(statement([invoice({ level: 2 }), invoice({ number: 'INV-2026-000002', level: 0 })], 'de-CH'))).toBe('Mahnung: Ihre 2 offenen Rechnungen');
  });

  it('asks for what is overdue per currency, and says which reminders went before, a day only where it is known', () => {
    const mail = statementMail(
      statement([
        invoice({ level: 3, before: [{ level: 1, sentOn: '2026-03-11' }, { level: 2, sentOn: null }] }),
        invoice({ invoiceId: 'b', number: 'INV-2026-000002', currency: 'EUR', openMinor: 11920, level: 1 }),
        invoice({ invoiceId: 'c', number: 'INV-2026-000003', dueOn: '2026-04-30', level: 0 }),
      ]),
      new Map([['a', Buffer.from('%PDF-a')]]),
      'https://shop.example',
    );
    expect(mail.text).toContain('Dear Sir or Madam');
    expect(mail.text).toContain('Please pay the overdue 52.97 CHF, 119,20 EUR within 10 days');
    expect(mail.text).toContain('final reminder, level 3 of 3 (before: payment reminder of 11 Mar 2026, reminder)');
    expect(mail.text).toContain('open 119,20 EUR: payment reminder, level 1 of 3\n');
    expect(mail.text).toContain('order 2026-000001, due on 30 Apr 2026, open 52.97 CHF: not due yet');
    // One link to the order's tracking page, and the PDFs that were found.
    expect(mail.text.match(/https:\/\/shop\.example\/app\/orders\/o1\/tracking/g)).toHaveLength(1);
    // And the buyer's account, as every mail to a buyer.
    expect(mail.text).toContain('Your account: all your orders and invoices, with a sign-in link by e-mail: https://shop.example/app/account\n');
    expect(mail.html).toContain('<a href="https://shop.example/app/account">');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['invoice-INV-2026-000001.pdf']);
  });
});
