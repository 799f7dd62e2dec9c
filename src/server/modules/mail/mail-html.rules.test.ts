import { describe, expect, it } from 'vitest';
import { customerMailEnd, greeting, mailLayout } from './mail-html.rules.ts';

describe('the frame of every mail', () => {
  it('is in the mail’s language and titled with its subject, as text', () => {
    const html = mailLayout('de-CH', 'Ihre Bestellung <CS-1001> & Rechnung', '<p>Guten Tag</p>');
    expect(html).toMatch(/^<!doctype html><html lang="de-CH"><head>/);
    expect(html).toContain('<title>Ihre Bestellung &lt;CS-1001&gt; &amp; Rechnung</title></head>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});

describe('the greeting of a customer mail', () => {
  it('is formal in each language: by title where the gender is known, else by the full name, else to whoever reads it', () => {
    const people = [
      { firstName: 'Jonas', lastName: 'Becker', gender: 'MALE' },
      { firstName: 'Anna', lastName: ' Muster ', gender: 'FEMALE' },
      { firstName: 'Jonas', lastName: 'Becker', gender: 'OTHER' },
      { firstName: 'Jonas\n Becker' },
      { firstName: 'Kim', lastName: null, gender: 'FEMALE' },
      { firstName: '  ', lastName: null },
      {},
    ];
    expect(people.map((person) => greeting('de-CH', person))).toEqual([
      'Guten Tag Herr Becker',
      'Guten Tag Frau Muster',
      'Guten Tag Jonas Becker',
      'Guten Tag Jonas Becker',
      'Guten Tag Kim',
      'Sehr geehrte Damen und Herren',
      'Sehr geehrte Damen und Herren',
    ]);
    expect(people.map((person) => greeting('en-US', person))).toEqual([
      'Dear Mr Becker',
      'Dear Ms Muster',
      'Dear Jonas Becker',
      'Dear Jonas Becker',
      'Dear Kim',
      'Dear Sir or Madam',
      'Dear Sir or Madam',
    ]);
  });
});

describe('the end of a mail to a buyer', () => {
  it('links to their account in each language, before the signature', () => {
    const english = customerMailEnd('en-US', 'https://shop.example');
    expect(english.text).toMatch(/^Your account: all your orders and invoices, with a sign-in link by e-mail: https:\/\/shop\.example\/app\/account\n\nKind regards/);
    expect(english.html).toContain('<a href="https://shop.example/app/account">Your account: all your orders and invoices, with a sign-in link by e-mail</a>');
    const german = customerMailEnd('de-CH', 'https://shop.example');
    expect(german.text).toMatch(/^Ihr Konto: alle Ihre Bestellungen und Rechnungen, mit einem Anmeldelink per E-Mail: https:\/\/shop\.example\/app\/account\n\nFreundliche Grüsse/);
    expect(german.html).toContain('<a href="https://shop.example/app/account">Ihr Konto:');
  });
});
