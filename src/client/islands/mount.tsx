import { createElement, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { getPageLanguage, getSelectedCurrency } from './page-state.ts';
import type { IslandRegistry } from './types.ts';

/** Attributes the runtime reads itself; they are not passed to the widget. */
const reservedKeys = new Set(['island', 'hydrate']);

export interface MountedIsland {
  name: string;
  element: HTMLElement;
  root: Root;
}

const mounted = new WeakSet<HTMLElement>();

/** The element's `data-*` attributes as props, camelCased like `element.dataset`. */
export function propsFromDataset(dataset: DOMStringMap): Record<string, string> {
  const props: Record<string, string> = {};
  for (const [key, value] of Object.entries(dataset)) {
    if (!reservedKeys.has(key) && value !== undefined) props[key] = value;
  }
  return props;
}

/**
 * Mounts every `[data-island]` element under `root` whose name the registry knows. Each
 * widget's code is loaded only when the page has it. Elements marked `data-hydrate` were
 * prerendered with the same component and props and are hydrated; the others are
 * rendered from scratch, replacing their fallback content. Safe to call again (for
 * content added later): an element is mounted once.
 */
export async function mountIslands(
  registry: IslandRegistry,
  root: ParentNode = document,
): Promise<MountedIsland[]> {
  const doc = root.ownerDocument ?? (root as Document);
  const lang = getPageLanguage(doc);
  const currency = getSelectedCurrency(doc);
  const warned = new Set<string>();
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')].filter((el) => !mounted.has(el));

  const results = await Promise.all(
    elements.map(async (element): Promise<MountedIsland | undefined> => {
      const name = element.dataset.island ?? '';
      const load = Object.hasOwn(registry, name) ? registry[name] : undefined;
      if (!load) {
        if (!warned.has(name)) console.warn(`[islands] unknown island "${name}", left as is`);
        warned.add(name);
        return undefined;
      }
      mounted.add(element);
      try {
        const { default: component } = await load();
        const node = createElement(component, { ...propsFromDataset(element.dataset), lang, currency });
        // In a transition, React renders and hydrates in slices of a few milliseconds and lets
        // the browser answer input between them: no long task while the widgets come alive.
        let reactRoot: Root | undefined;
        startTransition(() => {
          if (element.dataset.hydrate !== undefined) {
            reactRoot = hydrateRoot(element, node, {
              // A mismatch means the prerender and the widget disagree: React renders it again; say which.
              onRecoverableError: (error) => console.error(`[islands] "${name}" did not match its prerendered markup`, error),
            });
          } else {
            reactRoot = createRoot(element);
            reactRoot.render(node);
          }
        });
        return { name, element, root: reactRoot! };
      } catch (error) {
        mounted.delete(element);
        console.error(`[islands] could not mount "${name}"`, error);
        return undefined;
      }
    }),
  );
  return results.filter((result): result is MountedIsland => result !== undefined);
}
