import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import moduleCycles, { pathBetween } from './module-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;

describe('modules/no-cycle', () => {
  it('finds the way back between modules, breadth first', () => {
    const graph = new Map([
      ['billing', new Set(['checkout', 'orders'])],
      ['checkout', new Set(['orders'])],
      ['orders', new Set()],
    ]);
    expect(pathBetween(graph, 'billing', 'orders')).toEqual(['billing', 'orders']);
    expect(pathBetween(graph, 'orders', 'billing')).toBeUndefined();
  });

  // Judged against the modules as they are: billing imports orders, orders imports neither billing nor audit's importers.
  new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('no-cycle', moduleCycles.rules['no-cycle'], {
    valid: [
      { filename: 'src/server/modules/billing/new.service.ts', code: "import type { OrdersService } from '../orders/orders.service.ts';" },
      { filename: 'src/server/modules/orders/new.service.ts', code: "import type { AuditService } from '#server/modules/audit/audit.service.ts';" },
      // Tests may use any module.
      { filename: 'src/server/modules/orders/new.api.test.ts', code: "import type { BillingService } from '../billing/billing.service.ts';" },
    ],
    invalid: [
      {
        filename: 'src/server/modules/orders/new.service.ts',
        code: "import type { BillingService } from '../billing/billing.service.ts';",
        errors: [{ messageId: 'cycle', data: { from: 'orders', to: 'billing', cycle: 'orders → billing → orders' } }],
      },
      {
        filename: 'src/server/modules/orders/new.service.ts',
        code: "export type { BillingReport } from '#server/modules/billing/billing.service.ts';",
        errors: [{ messageId: 'cycle' }],
      },
    ],
  });
});
