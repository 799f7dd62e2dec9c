import { describe, expect, it } from 'vitest';
import { commonPasswordsOfStaffLength } from '../../../scripts/common-passwords.ts';
import { commonPasswords } from './common-passwords.ts';

describe('the common-password list', () => {
  it('holds every common password of a staff password length (run scripts/common-passwords.ts when it fails)', () => {
    expect([...commonPasswords]).toEqual(commonPasswordsOfStaffLength());
  });
});
