import { useRef, useState, type ComponentType } from 'react';
import type { NewsletterDialogProps } from '#client/ui/form/newsletter-dialog.tsx';
import type { IslandProps } from './types.ts';
import { useHydrated } from './use-hydrated.ts';

/** `data-label`: the button's text, translated by the prerender (the catalogue comes with the dialog). */
export type NewsletterModalProps = IslandProps<{ label: string }>;

type Dialog = ComponentType<NewsletterDialogProps>;

let dialogModule: Promise<Dialog> | undefined;

/** The dialog and its form, loaded once per page, on the first sign of interest. */
function loadDialog(): Promise<Dialog> {
  dialogModule ??= import('#client/ui/form/newsletter-dialog.tsx').then(
    (module) => module.NewsletterDialog,
    (error: unknown) => {
      dialogModule = undefined;
      throw error;
    },
  );
  return dialogModule;
}

/**
 * `data-island="newsletter-modal"` (in the footer): a button that opens the newsletter
 * form in a modal dialog, prerendered and hydrated. The page loads only this button; the dialog with the form,
 * Zod and the captcha widget is fetched when the pointer or the focus reaches the button,
 * and at the latest on the click.
 */
export default function NewsletterModal({ lang, label = '' }: NewsletterModalProps) {
  const hydrated = useHydrated();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<{ component: Dialog } | undefined>(undefined);
  const [open, setOpen] = useState(false);

  function prefetch(): void {
    loadDialog().catch(() => {});
  }

  function openDialog(): void {
    loadDialog().then(
      (component) => {
        setDialog({ component });
        setOpen(true);
      },
      // A failure is only logged; the button stays and can be tried again.
      (error: unknown) => console.error('[newsletter-modal] could not load the form', error),
    );
  }

  const DialogComponent = dialog?.component;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="form-dialog__trigger"
        aria-haspopup="dialog"
        disabled={!hydrated}
        onClick={openDialog}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {label}
      </button>
      {DialogComponent && (
        <DialogComponent language={lang} open={open} onClose={() => setOpen(false)} returnFocusTo={triggerRef} />
      )}
    </>
  );
}
