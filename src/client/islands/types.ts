import type { ComponentType } from 'react';
import type { Currency, Language } from '#shared/locales.ts';

/** What the runtime gives every island besides its own `data-*` attributes. */
interface IslandContext {
  /** The page language, from `<html lang>`. */
  lang: Language;
  /** The currency the page was rendered for, from `<body data-selected-currency>`. */
  currency: Currency;
}

/**
 * The props of an island: its element's `data-*` attributes (camelCased as in
 * `element.dataset`, always strings, possibly missing) plus the page context.
 */
export type IslandProps<Data extends Record<string, string | undefined> = Record<never, never>> =
  IslandContext & Partial<Data>;

// Props are checked per widget; the registry only needs "a component that takes island props".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IslandComponent = ComponentType<any>;

interface IslandModule {
  default: IslandComponent;
}

/** Widget name (the value of `data-island`) → lazy loader of its module. */
export type IslandRegistry = Readonly<Record<string, () => Promise<IslandModule>>>;
