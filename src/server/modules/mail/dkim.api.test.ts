import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimKey } from '../../../../tests/helpers/dkim.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp.ts';
import { createTestApp } from '../../../../tests/helpers/test-app.ts';
import { composeMail } from './compose.ts';
import { mailSettingsFor } from './mail-senders.rules.ts';
import { createOutboxService } from './outbox.service.ts';
import { smtpTransport } from './transport.ts';

/**
 * DKIM (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): what the SMTP server receives is
 * checked by mailauth's verifier, with the public key where DNS would publish it.
 */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

/** The key of selector mail2026, and the DNS of cybersafe-academy.example with it, nothing else. */
const { privatePem, resolver } = dkimKey('cybersafe-academy.example', 'mail2026');

const message = () =>
  composeMail('3f0c3a9e-4a57-4e0c-9d0e-6a1f3f0e2b11', 'cybersafe-academy.example', {
    from: 'CyberSafe Academy <news@cybersafe-academy.example>',
    to: 'reader@example.ch',
    subject: 'Phishing-Saison: gefälschte Rechnungen',
    text: 'Prüfen Sie den Absender.',
    html: '<p>Prüfen Sie den <strong>Absender</strong>.</p>',
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'List-Id': 'Newsletter der CyberSafe Academy <newsletter.cybersafe-academy.example>' },
  });

describe('DKIM signing', () => {
  it('signs every mail sent over SMTP so that a receiver verifies it with the published key', async () => {
    const raw = await message();
    await smtpTransport(smtp.url, { domainName: 'cybersafe-academy.example', keySelector: 'mail2026', privateKey: privatePem })({
      id: 'a',
      from: 'CyberSafe Academy <news@cybersafe-academy.example>',
      to: 'reader@example.ch',
      subject: 'x',
      raw,
    });
    await smtp.waitForMails(1);
    const received = smtp.raws[0]!;
    expect(received.toString('utf8')).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed;/);
    const { results } = await dkimVerify(received, { resolver });
    expect(results.map((result) => [result.signingDomain, result.selector, result.status.result])).toEqual([['cybersafe-academy.example', 'mail2026', 'pass']]);
    // The envelope sender is the bare address of the From with its display name.
    expect(smtp.mails[0]?.from?.value[0]).toEqual({ name: 'CyberSafe Academy', address: 'news@cybersafe-academy.example' });

    // A mail changed on the way does not pass.
    const text = received.toString('utf8');
    expect(text).toContain('den Absender.');
    const tampered = Buffer.from(text.replace('den Absender.', 'den Anhang.'));
    // (mailauth says neutral, with "body hash did not verify", for a changed body.)
    expect((await dkimVerify(tampered, { resolver })).results[0]?.status.result).not.toBe('pass');
  });

  it("covers a newsletter mail's one-click unsubscribe headers, List-Unsubscribe-Post with List-Unsubscribe (RFC 8058)", async () => {
    smtp.mails.length = 0;
    smtp.raws.length = 0;
    const sender = mailSettingsFor('CyberSafe Academy <news@cybersafe-academy.example>');
    const raw = await composeMail('5b1e2c44-0d1e-4c1a-8f5e-2b9d3c7a6e01', sender.domain, {
      from: sender.from,
      to: 'reader@example.ch',
      subject: 'Phishing-Saison',
      text: 'Prüfen Sie den Absender.',
      html: '<p>Prüfen Sie den Absender.</p>',
      // As src/server/modules/newsletter/newsletter.mails.ts writes them.
      headers: {
        'List-Unsubscribe': `<https://shop.cybersafe-academy.example/api/newsletter/${'a'.repeat(43)}/unsubscribe>, <mailto:${sender.address}?subject=unsubscribe%20${'a'.repeat(43)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `Newsletter der CyberSafe Academy <newsletter.${sender.domain}>`,
      },
    });
    await smtpTransport(smtp.url, { domainName: 'cybersafe-academy.example', keySelector: 'mail2026', privateKey: privatePem })({ id: 'c', from: sender.from, to: 'reader@example.ch', subject: 'x', raw });
    await smtp.waitForMails(1);
    const received = smtp.raws[0]!.toString('utf8');
    const { results } = await dkimVerify(received, { resolver });
    expect(results.map((result) => result.status.result)).toEqual(['pass']);
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(received)?.[1]?.replace(/\s+/g, '').toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'list-id']));
    // A receiver that finds the one-click header changed does not trust the mail.
    expect(received).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const tampered = received.replace('List-Unsubscribe-Post: List-Unsubscribe=One-Click', 'List-Unsubscribe-Post: List-Unsubscribe=Two-Clicks');
    expect((await dkimVerify(tampered, { resolver })).results[0]?.status.result).not.toBe('pass');
  });

  it('sends unsigned without a key', async () => {
    smtp.mails.length = 0;
    smtp.raws.length = 0;
    await smtpTransport(smtp.url)({ id: 'b', from: 'news@cybersafe-academy.example', to: 'reader@example.ch', subject: 'x', raw: await message() });
    await smtp.waitForMails(1);
    expect(smtp.raws[0]?.toString('utf8')).not.toContain('DKIM-Signature');
    expect((await dkimVerify(smtp.raws[0]!, { resolver })).results[0]?.status.result).toBe('none');
  });

  it("signs the server's mails with the key of the environment, written on one line, from a sender with a display name", async () => {
    smtp.mails.length = 0;
    smtp.raws.length = 0;
    const t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'CyberSafe Academy <shop@cybersafe-academy.example>',
      DKIM_DOMAIN: 'cybersafe-academy.example',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: privatePem.trim().replace(/\n/g, '\\n'),
    });
    try {
      await createOutboxService().queue(mailSettingsFor(t.env.MAIL_FROM), { to: 'buyer@example.ch', subject: 'Your order', text: 'Thank you.', html: '<p>Thank you.</p>' }, t.database.db);
      expect(await t.app.mailWorker.runOnce()).toBe(1);
      await smtp.waitForMails(1);
      expect((await dkimVerify(smtp.raws[0]!, { resolver })).results[0]?.status.result).toBe('pass');
      expect(smtp.mails[0]?.from?.value[0]).toEqual({ name: 'CyberSafe Academy', address: 'shop@cybersafe-academy.example' });
    } finally {
      await t.close();
    }
    // The test builds its own app (a new database, migrated), which takes a while on a busy machine.
  }, 60_000);
});
