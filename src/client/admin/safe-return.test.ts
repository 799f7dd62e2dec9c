import { describe, expect, it } from 'vitest';
import { adminPaths } from '#shared/paths.ts';
import { safeAdminReturn } from './safe-return.ts';

describe('safeAdminReturn', () => {
  it('returns to a page of the back office, with its query and hash', () => {
    expect(safeAdminReturn('/orders?status=ORDERED&page=2')).toBe('/orders?status=ORDERED&page=2');
    expect(safeAdminReturn('/orders/0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e#history')).toBe('/orders/0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e#history');
  });

  it.each([
    ['//evil.example'],
    ['https://evil.example/orders'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['orders'],
    [''],
    [null],
    [undefined],
    ['/login'],
    ['/login?from=/orders'],
  ])('refuses %j and goes home', (from) => {
    expect(safeAdminReturn(from)).toBe(adminPaths.home());
  });
});
