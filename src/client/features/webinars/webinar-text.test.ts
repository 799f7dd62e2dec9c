import { describe, expect, it } from 'vitest';
import { paragraphsOf, shortDescription, signUpState } from './webinar-text.ts';

describe('paragraphsOf', () => {
  it('splits at empty lines and keeps single line breaks', () => {
    expect(paragraphsOf('First line\nsecond line\n\n  Next paragraph  \r\n\r\nLast\n \n\n')).toEqual(['First line\nsecond line', 'Next paragraph', 'Last']);
  });

  it('has no paragraph for a blank text', () => {
    expect(paragraphsOf(' \n\n ')).toEqual([]);
  });
});

describe('shortDescription', () => {
  it('is the first paragraph on one line', () => {
    expect(shortDescription('How phishing works\nand how to spot it.\n\nMore details.')).toBe('How phishing works and how to spot it.');
  });

  it('cuts a long paragraph at a word', () => {
    const text = 'Phishing mails are the most common way in. '.repeat(10);
    const short = shortDescription(text, 60);
    expect(short.length).toBeLessThanOrEqual(60);
    expect(short).toBe('Phishing mails are the most common way in. Phishing mails…');
  });

  it('cuts a word that is longer than the limit', () => {
    expect(shortDescription('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('signUpState', () => {
  const webinar = { startsAt: '2027-02-03T13:00:00Z', durationMinutes: 60 };

  it('is open before the start, started while it runs and past afterwards', () => {
    expect(signUpState(webinar, new Date('2027-02-03T12:59:59Z'))).toBe('open');
    expect(signUpState(webinar, new Date('2027-02-03T13:00:00Z'))).toBe('started');
    expect(signUpState(webinar, new Date('2027-02-03T13:59:59Z'))).toBe('started');
    expect(signUpState(webinar, new Date('2027-02-03T14:00:00Z'))).toBe('past');
  });
});
