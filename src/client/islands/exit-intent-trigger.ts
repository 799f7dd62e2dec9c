/**
 * When the exit-intent popup may appear (docs/product/widgets.md), as plain code without
 * React so that it is small and unit-tested: the island (`exit-intent.tsx`) feeds it the
 * page's events and loads the dialog only when it fires.
 */
import { guideRequestedKey } from '#client/features/downloadables/guide-requested.ts';

export const exitIntentRules = {
  /** A leave through the top edge this soon after arriving is ignored. */
  ignoreLeavesForMs: 15_000,
  /** After the popup is closed it stays away this long (on every page of the site). */
  returnAfterMs: 300_000,
  /** Scrolling past this share of the page… */
  scrollPast: 0.5,
  /** …and then back up into this band triggers it. */
  scrollBackMin: 0.3,
  scrollBackMax: 0.4,
} as const;

/** What the popup remembers in localStorage. */
export const exitIntentKeys = {
  /** When it was last closed (ms since the epoch). */
  closedAt: 'exit-intent.closed-at',
  /** Set once the visitor has requested the free guide, by any form: it never offers it again. */
  guideRequested: guideRequestedKey,
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or undefined where the browser refuses it (blocked storage). */
export function browserStorage(): KeyValueStore | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Whether the stored state keeps the popup away at `now`: the guide was requested, or it
 * was closed less than 300 000 ms ago. Without storage it stays away too: it could not
 * keep its promise not to return for five minutes.
 */
export function isSuppressed(store: KeyValueStore | undefined, now: number): boolean {
  if (!store) return true;
  try {
    if (store.getItem(exitIntentKeys.guideRequested) !== null) return true;
    const closedAt = Number(store.getItem(exitIntentKeys.closedAt) ?? Number.NaN);
    const since = now - closedAt;
    return since >= 0 && since < exitIntentRules.returnAfterMs;
  } catch {
    return true;
  }
}

function write(store: KeyValueStore | undefined, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // A full or blocked storage: nothing to remember with.
  }
}

export function rememberClosed(store: KeyValueStore | undefined, now: number): void {
  write(store, exitIntentKeys.closedAt, String(now));
}


/** Another modal is open (the cart drawer, the newsletter form…): the popup never goes over it. */
export function isDialogOpen(doc: Document): boolean {
  return doc.querySelector('dialog[open]') !== null;
}

/** How far the page is scrolled: 0 at the top, 1 at the bottom; 0 for a page that does not scroll. */
export function scrollFraction(doc: Document): number {
  const view = doc.defaultView;
  const scrollable = doc.documentElement.scrollHeight - (view?.innerHeight ?? 0);
  return scrollable > 0 ? Math.min(1, Math.max(0, (view?.scrollY ?? 0) / scrollable)) : 0;
}

export interface ExitIntentTriggerOptions {
  /** When the visitor arrived (ms, the clock of `now` below). */
  arrivedAt: number;
  /** Asked when a trigger happens: may the popup appear now? A "no" does not use up the page view. */
  mayShow: () => boolean;
  /** Called at most once per page view. */
  onTrigger: (reason: 'leave' | 'scroll') => void;
}

/**
 * The two triggers: the pointer leaving the page through the top edge (not in the first
 * 15 s), or scrolling past 50 % of the page and back up to 30–40 %. It fires once per
 * page view, and only when `mayShow()` agrees at that moment.
 */
export class ExitIntentTrigger {
  private fired = false;
  private scrolledPast = false;

  constructor(private readonly options: ExitIntentTriggerOptions) {}

  /**
   * A `mouseout` on the document. It left the window when it went to no element
   * (`relatedTarget` null), through the top edge when `clientY` is 0 or less.
   */
  pointerOut(event: { clientY: number; relatedTarget: EventTarget | null }, now: number): void {
    if (event.relatedTarget !== null || event.clientY > 0) return;
    if (now - this.options.arrivedAt < exitIntentRules.ignoreLeavesForMs) return;
    this.fire('leave');
  }

  /** The page was scrolled; `fraction` as `scrollFraction()` measures it. */
  scrolled(fraction: number): void {
    if (fraction > exitIntentRules.scrollPast) {
      this.scrolledPast = true;
    } else if (this.scrolledPast && fraction >= exitIntentRules.scrollBackMin && fraction <= exitIntentRules.scrollBackMax) {
      this.fire('scroll');
    }
  }

  private fire(reason: 'leave' | 'scroll'): void {
    if (this.fired || !this.options.mayShow()) return;
    this.fired = true;
    this.options.onTrigger(reason);
  }
}
