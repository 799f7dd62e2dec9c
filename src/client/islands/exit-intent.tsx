import { useEffect } from 'react';
import { browserStorage, ExitIntentTrigger, isDialogOpen, isSuppressed, scrollFraction } from './exit-intent-trigger.ts';
import type { IslandProps } from './types.ts';

/**
 * `data-island="exit-intent"` (every marketing page, no attributes, renders nothing). It
 * only watches the pointer and the scrolling (`exit-intent-trigger.ts`); when a trigger
 * fires, it loads the popup with its form and the catalogue, which decides what to
 * offer (the free guide without a cart, saving the cart with an unsaved one, nothing
 * with a saved one) and shows it. Rules: docs/product/widgets.md.
 */
export default function ExitIntent({ lang }: IslandProps) {
  useEffect(() => {
    const store = browserStorage();
    const mayShow = () => !isSuppressed(store, Date.now()) && !isDialogOpen(document);
    const trigger = new ExitIntentTrigger({
      arrivedAt: Date.now(),
      mayShow,
      onTrigger: () => {
        stop();
        import('./exit-intent-loader.ts')
          .then(({ showPopup }) => showPopup(lang, mayShow))
          .catch((error: unknown) => console.error('[exit-intent] could not open the popup', error));
      },
    });
    const pointerOut = (event: MouseEvent) => trigger.pointerOut(event, Date.now());
    const scrolled = () => trigger.scrolled(scrollFraction(document));
    function stop(): void {
      document.removeEventListener('mouseout', pointerOut);
      window.removeEventListener('scroll', scrolled);
    }
    document.addEventListener('mouseout', pointerOut);
    window.addEventListener('scroll', scrolled, { passive: true });
    return stop;
  }, [lang]);
  return null;
}
