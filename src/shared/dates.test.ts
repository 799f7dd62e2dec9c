import { describe, expect, it } from 'vitest';
import { addDays, addMonths, formatDate, formatDateTime, formatIsoDay, formatShortDateTime, formatSpreadsheetDateTime, instantOfLocal, localDateTimeOf, startOfYear } from './dates.ts';

describe('one date format per language, with the time zone short name and UTC offset where a time is shown', () => {
  it.each([
    ['2026-11-21T09:30:00Z', 'en-US', 'Europe/Zurich', '21 Nov 2026, 10:30 CET (UTC+1)'],
    ['2026-11-21T09:30:00Z', 'de-CH', 'Europe/Zurich', '21. Nov. 2026, 10:30 MEZ (UTC+1)'],
    ['2027-07-03T12:00:00Z', 'en-US', 'Europe/Zurich', '3 Jul 2027, 14:00 CEST (UTC+2)'],
    ['2027-07-03T12:00:00Z', 'de-CH', 'Europe/Zurich', '3. Juli 2027, 14:00 MESZ (UTC+2)'],
    ['2027-07-03T12:00:00Z', 'en-US', 'America/New_York', '3 Jul 2027, 08:00 (UTC-4)'],
    ['2027-07-03T12:00:00Z', 'en-US', 'Asia/Kolkata', '3 Jul 2027, 17:30 (UTC+5:30)'],
    ['2027-07-03T12:00:00Z', 'en-US', 'UTC', '3 Jul 2027, 12:00 UTC (UTC+0)'],
  ] as const)('%s in %s (%s) -> %s', (iso, language, zone, expected) => {
    expect(formatDateTime(iso, language, zone).replace(/[\u202f\u00a0]/g, ' ')).toBe(expected);
  });

  it('writes a calendar date as the moments write theirs', () => {
    expect(formatDate('2026-11-21T09:30:00Z', 'de-CH')).toBe('21. Nov. 2026');
    expect(formatDate('2026-11-21T09:30:00Z', 'en-US')).toBe('21 Nov 2026');
    // The day in Zurich: 23:30 UTC on the 20th is already the 21st there.
    expect(formatDate('2026-11-20T23:30:00Z', 'en-US')).toBe('21 Nov 2026');
    expect(formatDateTime('2026-11-21T09:30:00Z', 'en-US').startsWith(`${formatDate('2026-11-21T09:30:00Z', 'en-US')}, `)).toBe(true);
  });

  it('refuses an invalid date', () => {
    expect(() => formatDateTime('not a date', 'en-US')).toThrowError(RangeError);
    expect(() => formatDate('not a date', 'de-CH')).toThrowError(RangeError);
  });
});

describe('an ISO day and a spreadsheet\'s date and time', () => {
  it('write an ISO day as that day, whatever the zone of the machine', () => {
    expect(formatIsoDay('2026-11-21', 'de-CH')).toBe('21. Nov. 2026');
    expect(formatIsoDay('2027-01-01', 'en-US')).toBe('1 Jan 2027');
  });

  it('write a moment on Zurich\'s clock to the second, across daylight-saving changes', () => {
    expect(formatSpreadsheetDateTime('2025-03-01T23:30:00Z')).toBe('2025-03-02 00:30:00');
    expect(formatSpreadsheetDateTime('2025-07-01T22:59:59.900Z')).toBe('2025-07-02 00:59:59');
    expect(formatSpreadsheetDateTime('2025-10-26T01:30:00Z')).toBe('2025-10-26 02:30:00');
  });
});

describe('Zurich wall-clock time and instants', () => {
  it.each([
    // Winter (UTC+1) and summer (UTC+2).
    ['2027-02-03', '14:00', '2027-02-03T13:00:00.000Z'],
    ['2027-07-03', '14:00', '2027-07-03T12:00:00.000Z'],
    // Midnight falls on the day before in UTC.
    ['2027-01-01', '00:30', '2026-12-31T23:30:00.000Z'],
    // The last Sunday of March 2027 (28th): 01:59 is still winter time, 03:00 already summer time.
    ['2027-03-28', '01:59', '2027-03-28T00:59:00.000Z'],
    ['2027-03-28', '03:00', '2027-03-28T01:00:00.000Z'],
    // The last Sunday of October 2027 (31st): 01:30 summer time, 03:00 winter time.
    ['2027-10-31', '01:30', '2027-10-30T23:30:00.000Z'],
    ['2027-10-31', '03:00', '2027-10-31T02:00:00.000Z'],
    // 02:30 comes twice that night: the first one, still in summer time (UTC+2).
    ['2027-10-31', '02:30', '2027-10-31T00:30:00.000Z'],
  ])('%s %s in Zurich is %s', (date, time, iso) => {
    expect(instantOfLocal({ date, time })).toBe(iso);
    if (!(date === '2027-10-31' && time === '02:30')) expect(localDateTimeOf(iso)).toEqual({ date, time });
  });

  it('has no instant for a time the clocks skip, nor for a malformed or impossible date or time', () => {
    expect(instantOfLocal({ date: '2027-03-28', time: '02:30' })).toBeUndefined();
    for (const [date, time] of [
      ['', '14:00'],
      ['2027-02-03', ''],
      ['2027-02-30', '14:00'],
      ['2027-13-01', '14:00'],
      ['2027-02-03', '24:00'],
      ['2027-02-03', '14:60'],
      ['3.2.2027', '14:00'],
      ['2027-02-03', '2 pm'],
    ] as const) {
      expect(instantOfLocal({ date, time }), `${date} ${time}`).toBeUndefined();
    }
  });

  it('converts in other zones too', () => {
    expect(instantOfLocal({ date: '2027-07-03', time: '08:00' }, 'America/New_York')).toBe('2027-07-03T12:00:00.000Z');
    expect(localDateTimeOf('2027-07-03T12:00:00Z', 'Asia/Kolkata')).toEqual({ date: '2027-07-03', time: '17:30' });
  });

  it('refuses an invalid instant', () => {
    expect(() => localDateTimeOf('nonsense')).toThrowError(RangeError);
  });
});

describe('formatShortDateTime (a table cell: the date and a 24-hour time, the zone named by the table)', () => {
  it.each([
    ['2026-06-12T07:10:00Z', 'en-US', '12 Jun 2026, 09:10'],
    ['2026-06-12T07:10:00Z', 'de-CH', '12. Juni 2026, 09:10'],
    ['2026-12-01T23:30:00Z', 'de-CH', '2. Dez. 2026, 00:30'],
  ] as const)('%s in %s is %s', (iso, language, expected) => {
    expect(formatShortDateTime(iso, language)).toBe(expected);
  });
});

describe('arithmetic on calendar days', () => {
  it('adds days across months, years and the daylight-saving change', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months from the same day, clamped to a shorter month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-11-15', -12)).toBe('2025-11-15');
  });

  it('names the first day of the year', () => {
    expect(startOfYear('2026-11-26')).toBe('2026-01-01');
  });
});
