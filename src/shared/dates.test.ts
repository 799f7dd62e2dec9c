import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('formatDateTime (time-zone short name and UTC offset)', () => {
  it.each([
    ['2026-11-21T09:30:00Z', 'en-US', 'Europe/Zurich', '11/21/2026, 10:30 AM GMT+1 (UTC+01:00)'],
    ['2026-11-21T09:30:00Z', 'de-CH', 'Europe/Zurich', '21.11.2026, 10:30 MEZ (UTC+01:00)'],
    ['2026-07-21T09:30:00Z', 'de-CH', 'Europe/Zurich', '21.07.2026, 11:30 MESZ (UTC+02:00)'],
    ['2026-07-21T09:30:00Z', 'en-US', 'America/New_York', '07/21/2026, 05:30 AM EDT (UTC-04:00)'],
    ['2026-07-21T09:30:00Z', 'en-US', 'UTC', '07/21/2026, 09:30 AM UTC (UTC+00:00)'],
  ] as const)('%s in %s (%s) -> %s', (iso, language, zone, expected) => {
    expect(formatDateTime(iso, language, zone).replace(/\u202f/g, ' ')).toBe(expected);
  });

  it('refuses an invalid date', () => {
    expect(() => formatDateTime('not a date', 'en-US')).toThrowError(RangeError);
  });

  it('formats a calendar date', () => {
    expect(formatDate('2026-11-21T09:30:00Z', 'de-CH')).toBe('21.11.2026');
    expect(formatDate('2026-11-21T09:30:00Z', 'en-US')).toBe('11/21/2026');
  });
});
