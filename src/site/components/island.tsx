import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandComponent } from '#client/islands/types.ts';
import { useSite } from '../site-context.tsx';

/** `productCode` → `data-product-code`, the inverse of the DOM's `dataset` naming. */
function dataAttributeName(key: string): string {
  return `data-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

interface IslandPropsBase {
  /** The widget's registry name (src/client/islands/registry.ts). */
  name: string;
  /** The widget's attributes, camelCased as the widget receives them. */
  data?: Record<string, string>;
  className?: string;
}

interface HydratedIslandProps extends IslandPropsBase {
  /** Prerendered here with the same props the runtime will pass, then hydrated. */
  component: IslandComponent;
  children?: never;
}

interface FallbackIslandProps extends IslandPropsBase {
  component?: undefined;
  /** Shown until (and unless) the widget is mounted; the widget replaces it. */
  children?: ReactNode;
}

/**
 * A mount point for an island (docs/islands.md). With `component`, the widget is
 * prerendered with `renderToString` (hydratable markup) and marked `data-hydrate`;
 * without it, `children` are the no-JS fallback.
 */
export function Island({ name, data = {}, className, component, children }: HydratedIslandProps | FallbackIslandProps) {
  const { lang, currency } = useSite();
  const attributes: Record<string, string> = { 'data-island': name };
  for (const [key, value] of Object.entries(data)) attributes[dataAttributeName(key)] = value;
  if (!component) {
    return createElement('div', { ...attributes, className }, children);
  }
  const html = renderToString(createElement(component, { ...data, lang, currency }));
  return createElement('div', { ...attributes, 'data-hydrate': '', className, dangerouslySetInnerHTML: { __html: html } });
}
