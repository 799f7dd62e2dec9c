import { describe, expect, it } from 'vitest';
import { orderActions } from '#shared/orders.ts';
import { staffStatusActions } from '#shared/schemas/orders-admin.ts';
import { addDays, addMonths, isoDateInZurich, startOfYear } from '#shared/dates.ts';
import { allowedActions, transitions } from './order-state-machine.ts';
import { indexedPiece } from './orders-admin.repository.ts';

describe('the staff status changes', () => {
  it('are the STATUS_CHANGE rows of the machine but the visitor\'s CREATE and REOPEN', () => {
    const statusChanges = orderActions.filter((action) => transitions[action].type === 'STATUS_CHANGE' && action !== 'CREATE' && action !== 'REOPEN');
    expect([...staffStatusActions].sort()).toEqual([...statusChanges].sort());
    const custom = orderActions.filter((action) => transitions[action].type === 'CUSTOM_ENDPOINT');
    expect(custom.sort()).toEqual(['ARCHIVE_REFUND', 'BUY', 'CANCEL_REFUND', 'DELETE', 'PAY', 'START_TERMINATION']);
  });

  it('never offer the visitor\'s actions', () => {
    const facts = { hasMonthlyItem: false, activeItemCount: 1, invoiceInfoComplete: true, amountDue: 0, totalPaid: 0, invoiceIssued: false, refundPending: false };
    expect(allowedActions({ ...facts, status: 'ABANDONED' }).map((entry) => entry.action)).toEqual(['ARCHIVE', 'DELETE']);
    expect(allowedActions({ ...facts, status: 'SHOPPING_CART' }).map((entry) => entry.action)).toEqual(['ABANDON', 'DELETE']);
    expect(allowedActions({ ...facts, status: 'DELETED' })).toEqual([]);
  });
});

describe('calendar days', () => {
  it('adds days and months, keeping to the end of shorter months', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-15', 12)).toBe('2027-11-15');
    expect(addMonths('2026-03-01', -11)).toBe('2025-04-01');
    expect(startOfYear('2026-11-23')).toBe('2026-01-01');
  });

  it('knows the day in Zurich', () => {
    expect(isoDateInZurich(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(isoDateInZurich(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(isoDateInZurich(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});

describe('the part of a search word the trigram index is asked for', () => {
  it('is the longest run of letters and digits, of three or more; else the word', () => {
    expect(indexedPiece('buyer54321@example')).toBe('buyer54321');
    expect(indexedPiece('@alpha.exa')).toBe('alpha');
    expect(indexedPiece('zürcher')).toBe('zürcher');
    expect(indexedPiece('2025-000123')).toBe('000123');
    expect(indexedPiece('r-2')).toBe('r-2');
    expect(indexedPiece('%')).toBe('%');
  });
});
