import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase } from '#shared/paths.ts';
import { contractEntries } from '../../../tests/helpers/contract.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * The server's API routes are the contract's calls (src/shared/contract/*.ts), registered
 * with `registerCall`: each call once, and no route under /api besides them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** `/api/orders/` and `/api/orders` are one route (the router ignores a trailing slash). */
const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/**
 * Every route of the app as `METHOD /path`, read off the tree Fastify prints: each line is
 * a node, indented four characters per level, whose label continues its parent's path.
 */
function routesOf(tree: string): string[] {
  const pathAt: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^((?:[│ ] {3})*)(?:├── |└── )(.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) return [];
    const [, indent = '', label = '', methods = ''] = match;
    const depth = indent.length / 4;
    pathAt[depth] = `${depth === 0 ? '' : pathAt[depth - 1]}${label}`;
    return methods.split(', ').map((method) => `${method} ${withoutTrailingSlash(pathAt[depth]!)}`);
  });
}

describe('the API contract on the server', () => {
  it('reads the route tree', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toEqual(expect.arrayContaining(['GET /', 'GET /api/contact-form/site-key', 'POST /api/users/login/second-factor', 'POST /api/orders/:orderId/shopping-cart/:itemId/match-count']));
  });

  it('registers every call of the contract once, and no other route under /api', () => {
    const contract = contractEntries.map(({ call }) => `${call.method} ${withoutTrailingSlash(`${apiBase}${call.path}`)}`);
    expect(contract.length).toBeGreaterThan(80);
    // Two entries for one route would be one call declared twice.
    expect(contract.filter((route, index) => contract.indexOf(route) !== index)).toEqual([]);
    // Fastify adds HEAD to every GET by itself.
    const served = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((route) => route.split(' ')[1]!.startsWith(`${apiBase}/`) && !route.startsWith('HEAD '));
    expect(served.filter((route) => !contract.includes(route))).toEqual([]);
    expect(contract.filter((route) => !served.includes(route))).toEqual([]);
    expect(served).toHaveLength(contract.length);
  });
});
