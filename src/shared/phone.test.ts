import { describe, expect, it } from 'vitest';
import { internationalPhone, nationalPhoneNumber } from './phone.ts';

describe('phone numbers', () => {
  it('are stored without the trunk prefix and with one space between groups', () => {
    expect(nationalPhoneNumber('CH', '079 123 45 67')).toBe('79 123 45 67');
    expect(nationalPhoneNumber('CH', ' 079  123-45-67 ')).toBe('79 123 45 67');
    expect(nationalPhoneNumber('DE', '030 1234567')).toBe('30 1234567');
    expect(nationalPhoneNumber('CH', '79 123 45 67')).toBe('79 123 45 67');
    // Italian numbers keep their 0 from abroad.
    expect(nationalPhoneNumber('IT', '06 1234 5678')).toBe('06 1234 5678');
  });

  it('show in international form, a number stored with its 0 as well', () => {
    expect(internationalPhone('+41', 'CH', '079 123 45 67')).toBe('+41 79 123 45 67');
    expect(internationalPhone('41', 'CH', '79 123 45 67')).toBe('+41 79 123 45 67');
    expect(internationalPhone('+39', 'IT', '06 1234 5678')).toBe('+39 06 1234 5678');
    expect(internationalPhone(undefined, 'XX', '123')).toBe('XX 123');
    expect(internationalPhone('+41', 'CH', '+41 44 668 18 00')).toBe('+41 44 668 18 00');
    expect(internationalPhone('+41', 'CH', ' ')).toBeNull();
  });
});
