import { useEffect, useRef, useState } from 'react';

/**
 * The orders table's keyboard shortcuts: `/` to search (Escape leaves the box), `j`/`k`
 * to move down and up the rows, Enter to open the row, `?` for the list of them. Single letters act only while
 * no field has the focus (a text field keeps its letters), and staff can turn them off
 * (WCAG 2.1.4, character key shortcuts); the choice stays in this browser.
 */
const storageKey = 'admin.shortcuts';

function readEnabled(): boolean {
  try {
    return localStorage.getItem(storageKey) !== 'off';
  } catch {
    return true;
  }
}

/** Whether the shortcuts are on, and a way to switch them. */
export function useShortcutsSetting(): [boolean, (on: boolean) => void] {
  const [enabled, setEnabled] = useState(readEnabled);
  return [
    enabled,
    (on: boolean) => {
      setEnabled(on);
      try {
        localStorage.setItem(storageKey, on ? 'on' : 'off');
      } catch {
        // Private windows may refuse storage: the choice holds for this page.
      }
    },
  ];
}

/** A field takes typed characters itself: a shortcut must not steal them. */
function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.closest('dialog[open]') !== null;
}

export interface ListKeyActions {
  search: () => void;
  move: (step: 1 | -1) => void;
  open: () => boolean;
  help: () => void;
}

export function useListKeys(enabled: boolean, actions: ListKeyActions): void {
  // The listener stays while the keys are on; it calls the actions of the latest render.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const act = () => latest.current;
    const onKey = (event: KeyboardEvent) => {
      // Escape leaves the search box, so the letters work again.
      if (event.key === 'Escape' && event.target instanceof HTMLInputElement && event.target.closest('[role="search"]')) {
        event.target.blur();
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || inField(event.target)) return;
      const handled = (() => {
        switch (event.key) {
          case '/':
            act().search();
            return true;
          case 'j':
            act().move(1);
            return true;
          case 'k':
            act().move(-1);
            return true;
          case '?':
            act().help();
            return true;
          case 'Enter':
            // On a link or button Enter does what it does; on the page it opens the current row.
            return !(event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement) && act().open();
          default:
            return false;
        }
      })();
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
