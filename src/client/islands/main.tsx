/**
 * The one script of the marketing pages (docs/islands.md), small on purpose: it loads
 * nothing before the page is painted. React, the runtime and the widgets of every page
 * (site-wide.ts, with mount.tsx) are fetched right after the first paint, or earlier
 * when the visitor reaches for a widget (pointer, touch, key or focus on it). Until a
 * prerendered control is live it is disabled (lib/hydration.tsx). The site's stylesheet
 * is a build entry of its own (vite.config.ts).
 */
import { registry } from './registry.ts';

let started = false;

function start(): void {
  if (started) return;
  started = true;
  void import('./site-wide.ts').then(({ mountIslands }) => mountIslands(registry));
}

for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin']) {
  document.addEventListener(
    type,
    (event) => {
      if (event.target instanceof Element && event.target.closest('[data-island]')) start();
    },
    { capture: true, passive: true },
  );
}

// A frame callback runs just before the next paint; the timeout it sets, just after it.
requestAnimationFrame(() => setTimeout(start, 0));
