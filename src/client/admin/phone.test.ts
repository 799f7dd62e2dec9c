import { describe, expect, it } from 'vitest';
import { internationalPhone } from './phone.ts';

describe('phone numbers in international form', () => {
  it('puts the calling code of the country in front and drops the trunk prefix', () => {
    expect(internationalPhone('CH', '44 668 18 00')).toBe('+41 44 668 18 00');
    expect(internationalPhone('CH', '044 668 18 00')).toBe('+41 44 668 18 00');
    expect(internationalPhone('DE', '030 1234567')).toBe('+49 30 1234567');
    expect(internationalPhone('US', '212 555 0100')).toBe('+1 212 555 0100');
  });

  it('keeps a number already written with +, and says nothing for no number', () => {
    expect(internationalPhone('CH', '+41 44 668 18 00')).toBe('+41 44 668 18 00');
    expect(internationalPhone('CH', '  ')).toBeNull();
    expect(internationalPhone(null, null)).toBeNull();
    expect(internationalPhone('XX', '123')).toBe('XX 123');
  });
});
