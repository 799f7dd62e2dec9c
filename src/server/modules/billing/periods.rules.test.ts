import { describe, expect, it } from 'vitest';
import { periodBilledBy, planEndReached } from './periods.rules.ts';

describe('periodBilledBy', () => {
  it('bills a period from its first day on', () => {
    expect(periodBilledBy('2026-03-31', '2026-03-30', null)).toBe(false);
    expect(periodBilledBy('2026-03-31', '2026-03-31', null)).toBe(true);
  });

  it('bills a plan under notice only for the periods before its end date', () => {
    expect(periodBilledBy('2026-03-31', '2026-04-15', '2026-04-30')).toBe(true);
    expect(periodBilledBy('2026-04-30', '2026-05-15', '2026-04-30')).toBe(false);
  });
});

describe('planEndReached', () => {
  it('is due for a plan under notice on and after its end date', () => {
    expect(planEndReached({ status: 'TERMINATING', terminatedFrom: '2026-04-30' }, '2026-04-29')).toBe(false);
    expect(planEndReached({ status: 'TERMINATING', terminatedFrom: '2026-04-30' }, '2026-04-30')).toBe(true);
    expect(planEndReached({ status: 'ACTIVE', terminatedFrom: null }, '2026-04-30')).toBe(false);
  });
});
