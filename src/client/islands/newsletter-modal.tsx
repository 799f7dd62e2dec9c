import { useRef, useState, type ComponentType } from 'react';
import type { NewsletterDialogProps } from '#client/ui/form/newsletter-dialog.tsx';
import '#client/ui/form/form-dialog-trigger.css';
// Only the small area catalogue of the forms: the button needs one text, and the whole
// catalogue comes with the dialog.
import { forms as deCH } from '#shared/i18n/de-CH/forms.ts';
import { forms as enUS } from '#shared/i18n/en-US/forms.ts';
import type { IslandProps } from './types.ts';

export type NewsletterModalProps = IslandProps;

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
 * form in a modal dialog. The page loads only this button; the dialog with the form,
 * Zod and the captcha widget is fetched when the pointer or the focus reaches the button,
 * and at the latest on the click.
 */
export default function NewsletterModal({ lang }: NewsletterModalProps) {
  const label = (lang === 'de-CH' ? deCH : enUS)['forms.newsletter.open'];
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
