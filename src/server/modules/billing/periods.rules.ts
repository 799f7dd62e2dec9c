/**
 * The billing rules of monthly plans' periods (docs/product/billing.md); their calendar,
 * which the back office's dialogs read too, is `src/shared/plan-periods.ts`.
 */
import { addDays } from '#shared/dates.ts';
import { nextPeriod } from '#shared/plan-periods.ts';

/**
 * Whether the period starting on `start` is billed by `day`: it has begun, and a plan under
 * notice (ending on `terminatedFrom`) is billed only for the periods before its end date.
 */
export function periodBilledBy(start: string, day: string, terminatedFrom: string | null): boolean {
  return start <= day && (!terminatedFrom || start < terminatedFrom);
}

/**
 * Whether a period can be the order's at all: none begins before the order was placed (its
 * BUY day, `orderedOn`). A plan whose next period would (a payment dated before its order
 * started it) is not billed: billing.service.ts reports and logs it for staff to correct.
 */
export function periodAfterPurchase(start: string, orderedOn: string | null): boolean {
  return orderedOn === null || start >= orderedOn;
}

/** How many periods of a plan are billed by `day` at once: after downtime, more than the one that began. */
export function periodsDueBy(plan: { subscribedFrom: string; renewalCount: number; terminatedFrom: string | null }, day: string): number {
  let count = 0;
  while (periodBilledBy(nextPeriod(plan.subscribedFrom, plan.renewalCount + count).start, day, plan.terminatedFrom)) count++;
  return count;
}

/** Whether a plan under notice has reached its end date by `day` (then TERMINATE is due). */
export function planEndReached(plan: { status: string; terminatedFrom: string | null }, day: string): boolean {
  return plan.status === 'TERMINATING' && plan.terminatedFrom !== null && plan.terminatedFrom <= day;
}

/**
 * The reminder step due on `asOf` for an invoice due on `dueOn` (1 for the first reminder
 * day passed, …; 0 before the first): after downtime only the latest step counts.
 */
export function reminderStepDue(dueOn: string, reminderDays: readonly number[], asOf: string): number {
  return reminderDays.filter((days) => addDays(dueOn, days) <= asOf).length;
}

/** How firm reminder `step` of `steps` is: the first is friendly, the last final, those between firm. */
export function reminderTone(step: number, steps: number): 'first' | 'second' | 'final' {
  if (step >= steps) return 'final';
  return step <= 1 ? 'first' : 'second';
}
