import { describe, expect, it } from 'vitest';
import { mailLayout } from './mail-html.rules.ts';

describe('the frame of every mail', () => {
  it('is in the mail’s language and titled with its subject, as text', () => {
    const html = mailLayout('de-CH', 'Ihre Bestellung <CS-1001> & Rechnung', '<p>Guten Tag</p>');
    expect(html).toMatch(/^<!doctype html><html lang="de-CH"><head>/);
    expect(html).toContain('<title>Ihre Bestellung &lt;CS-1001&gt; &amp; Rechnung</title></head>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
