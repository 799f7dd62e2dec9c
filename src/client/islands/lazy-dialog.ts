import { useCallback, useRef, useState, type ComponentType } from 'react';
import type { Language } from '#shared/locales.ts';
import { useHydrated } from '#client/lib/hydration.tsx';

/**
 * A prerendered button that opens a modal dialog whose code is fetched on the first sign
 * of interest (the pointer or the focus on the button), at the latest on the click: the
 * newsletter and download islands. `load` is the dialog's loader chunk (a module
 * constant); the browser keeps a loaded module, and a failed load is only logged (with
 * `logPrefix`), so the button stays and can be tried again.
 *
 * Answers the props of the trigger button (disabled until hydrated), the dialog once
 * loaded, whether it is open, and `openDialog` for other ways to open it.
 */
export function useLazyDialog<Props>(load: (language: Language) => Promise<ComponentType<Props>>, language: Language, logPrefix: string) {
  const hydrated = useHydrated();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<{ component: ComponentType<Props> }>();
  const [open, setOpen] = useState(false);
  const prefetch = () => void load(language).catch(() => {});
  const openDialog = useCallback(
    () =>
      void load(language).then(
        (component) => {
          setDialog({ component });
          setOpen(true);
        },
        (error: unknown) => console.error(logPrefix, error),
      ),
    [load, language, logPrefix],
  );
  const triggerProps = {
    ref: triggerRef,
    type: 'button',
    'aria-haspopup': 'dialog',
    disabled: !hydrated,
    onClick: openDialog,
    onPointerEnter: prefetch,
    onFocus: prefetch,
  } as const;
  return { triggerProps, triggerRef, Dialog: dialog?.component, open, setOpen, openDialog };
}
