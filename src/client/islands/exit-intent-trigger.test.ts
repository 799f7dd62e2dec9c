// @vitest-environment jsdom
import { rememberGuideRequested } from '#client/features/downloadables/request-download.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ExitIntentTrigger,
  exitIntentKeys,
  exitIntentRules,
  isDialogOpen,
  isSuppressed,
  rememberClosed,
  scrollFraction,
} from './exit-intent-trigger.ts';

const arrivedAt = 1_000_000;
const top = { clientY: 0, relatedTarget: null };

function setup(mayShow: () => boolean = () => true) {
  const onTrigger = vi.fn();
  const trigger = new ExitIntentTrigger({ arrivedAt, mayShow, onTrigger });
  return { trigger, onTrigger };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
});

it('keeps the timings of the product rules', () => {
  expect(exitIntentRules).toEqual({ ignoreLeavesForMs: 15_000, returnAfterMs: 300_000, scrollPast: 0.5, scrollBackMin: 0.3, scrollBackMax: 0.4 });
});

describe('leaving through the top edge', () => {
  it('is ignored during the first 15 s after arriving, and fires from then on', () => {
    const { trigger, onTrigger } = setup();
    trigger.pointerOut(top, arrivedAt + 1_000);
    trigger.pointerOut(top, arrivedAt + 14_999);
    expect(onTrigger).not.toHaveBeenCalled();
    trigger.pointerOut(top, arrivedAt + 15_000);
    expect(onTrigger).toHaveBeenCalledWith('leave');
  });

  it('counts only a leave out of the window through the top', () => {
    const { trigger, onTrigger } = setup();
    const later = arrivedAt + 20_000;
    // Moving to another element of the page, or leaving through a side or the bottom.
    trigger.pointerOut({ clientY: 0, relatedTarget: document.body }, later);
    trigger.pointerOut({ clientY: 300, relatedTarget: null }, later);
    expect(onTrigger).not.toHaveBeenCalled();
    trigger.pointerOut({ clientY: -4, relatedTarget: null }, later);
    expect(onTrigger).toHaveBeenCalledOnce();
  });
});

describe('scrolling', () => {
  it('fires after passing 50 % and coming back up to 30–40 %', () => {
    const { trigger, onTrigger } = setup();
    // Down to 45 % and back: never past half.
    for (const fraction of [0.1, 0.3, 0.45, 0.35]) trigger.scrolled(fraction);
    expect(onTrigger).not.toHaveBeenCalled();
    for (const fraction of [0.5, 0.62, 0.55, 0.45]) trigger.scrolled(fraction);
    expect(onTrigger).not.toHaveBeenCalled();
    trigger.scrolled(0.38);
    expect(onTrigger).toHaveBeenCalledWith('scroll');
  });

  it('needs the 30–40 % band on the way back', () => {
    const { trigger, onTrigger } = setup();
    trigger.scrolled(0.8);
    trigger.scrolled(0.2);
    trigger.scrolled(0.05);
    expect(onTrigger).not.toHaveBeenCalled();
    trigger.scrolled(0.3);
    expect(onTrigger).toHaveBeenCalledOnce();
  });

  it('measures the scroll position against the scrollable height', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1000);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(700);
    expect(scrollFraction(document)).toBeCloseTo(0.35);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0);
    expect(scrollFraction(document)).toBe(0);
    vi.restoreAllMocks();
  });
});

describe('once per page view, and only when it may show', () => {
  it('fires once, whichever trigger comes first', () => {
    const { trigger, onTrigger } = setup();
    trigger.pointerOut(top, arrivedAt + 30_000);
    trigger.pointerOut(top, arrivedAt + 60_000);
    trigger.scrolled(0.9);
    trigger.scrolled(0.35);
    expect(onTrigger).toHaveBeenCalledOnce();
  });

  it('does not fire while it may not show, and fires on a later trigger once it may', () => {
    let allowed = false;
    const { trigger, onTrigger } = setup(() => allowed);
    trigger.pointerOut(top, arrivedAt + 20_000);
    expect(onTrigger).not.toHaveBeenCalled();
    allowed = true;
    trigger.pointerOut(top, arrivedAt + 25_000);
    expect(onTrigger).toHaveBeenCalledOnce();
  });

  it('knows when another dialog is open', () => {
    document.body.innerHTML = '<dialog id="drawer"></dialog>';
    expect(isDialogOpen(document)).toBe(false);
    document.getElementById('drawer')!.setAttribute('open', '');
    expect(isDialogOpen(document)).toBe(true);
  });
});

describe('what it remembers', () => {
  const now = 1_700_000_000_000;

  it('stays away for 300 000 ms after it was closed, then may return', () => {
    expect(isSuppressed(localStorage, now)).toBe(false);
    rememberClosed(localStorage, now);
    expect(localStorage.getItem(exitIntentKeys.closedAt)).toBe(String(now));
    expect(isSuppressed(localStorage, now + 1)).toBe(true);
    expect(isSuppressed(localStorage, now + 299_999)).toBe(true);
    expect(isSuppressed(localStorage, now + 300_000)).toBe(false);
  });

  it('never returns after a guide request', () => {
    rememberGuideRequested(localStorage, now);
    expect(isSuppressed(localStorage, now + 10 * 300_000)).toBe(true);
  });

  it('stays away without storage, and ignores a stored time it cannot read', () => {
    expect(isSuppressed(undefined, now)).toBe(true);
    localStorage.setItem(exitIntentKeys.closedAt, 'garbage');
    expect(isSuppressed(localStorage, now)).toBe(false);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(isSuppressed(broken, now)).toBe(true);
    expect(() => rememberClosed(broken, now)).not.toThrow();
  });
});
