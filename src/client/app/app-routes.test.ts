import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutePatterns } from '#shared/app-routes.ts';
import { routes } from './router.tsx';

function pathsOf(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.index ? ['/'] : []), ...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('the app routes the server knows', () => {
  it('lists every page of the router, so none of them is answered with 404', () => {
    const pages = pathsOf(routes).filter((path) => path !== '*');
    for (const path of pages) expect(appRoutePatterns as readonly string[], path).toContain(path);
  });
});
