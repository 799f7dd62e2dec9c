import { describe, expect, it } from 'vitest';
import { periodAfterPurchase, periodBilledBy, periodsDueBy, planEndReached } from './periods.rules.ts';

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

describe('periodAfterPurchase', () => {
  it('takes no period that begins before the order was placed', () => {
    expect(periodAfterPurchase('2000-02-01', '2026-11-28')).toBe(false);
    expect(periodAfterPurchase('2026-11-28', '2026-11-28')).toBe(true);
    expect(periodAfterPurchase('2026-12-28', '2026-11-28')).toBe(true);
  });
});

describe('periodsDueBy', () => {
  it('counts the periods begun by the day, none past the end date', () => {
    expect(periodsDueBy({ subscribedFrom: '2026-01-31', renewalCount: 0, terminatedFrom: null }, '2026-02-27')).toBe(0);
    expect(periodsDueBy({ subscribedFrom: '2026-01-31', renewalCount: 0, terminatedFrom: null }, '2026-03-31')).toBe(2);
    expect(periodsDueBy({ subscribedFrom: '2026-01-31', renewalCount: 1, terminatedFrom: null }, '2026-03-31')).toBe(1);
    expect(periodsDueBy({ subscribedFrom: '2026-01-15', renewalCount: 0, terminatedFrom: '2026-03-15' }, '2026-12-01')).toBe(1);
    expect(periodsDueBy({ subscribedFrom: '2000-01-01', renewalCount: 0, terminatedFrom: null }, '2026-11-28')).toBe(322);
  });
});
