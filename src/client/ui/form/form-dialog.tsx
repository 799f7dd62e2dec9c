import { createContext, useContext, useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { translate, type MessageKey } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import './form-dialog.css';

export interface FormDialogProps {
  language: Language;
  title: MessageKey;
  /** A short text under the title, read out with the dialog's name. */
  intro?: MessageKey;
  open: boolean;
  /** Asked to close (Escape, the close button, the backdrop): set `open` to false. */
  onClose: () => void;
  /** Where the focus goes after closing; the element focused before opening otherwise. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The content; it stays mounted while the dialog is closed, so typed values survive. */
  children: ReactNode;
}

const CloseContext = createContext<() => void>(() => {});

/** Closes the dialog around the calling component (for a "Close" button in the content). */
export function useCloseFormDialog(): () => void {
  return useContext(CloseContext);
}

/** jsdom and old browsers lack the dialog methods; the attribute does the same there. */
function showModal(dialog: HTMLDialogElement): void {
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function closeDialog(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/** The first field of the content, else the first control (the close button). */
function initialFocus(dialog: HTMLDialogElement): HTMLElement | null {
  return (
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>('.form-dialog__body :is(input:not([type="hidden"]), select, textarea)') ??
    dialog.querySelector<HTMLElement>('button, [href], input, select, textarea')
  );
}

/**
 * A modal dialog around a form (native `<dialog>` with showModal): the page behind is
 * inert, focus moves to the first field, Escape, the close button and a click on the
 * backdrop close it, and focus returns to where it came from.
 */
export function FormDialog({ language, title, intro, open, onClose, returnFocusTo, children }: FormDialogProps) {
  const t = (key: MessageKey) => translate(language, key);
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const focusBefore = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.hasAttribute('open')) {
      focusBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      showModal(dialog);
      initialFocus(dialog)?.focus();
    } else if (!open && dialog.hasAttribute('open')) {
      closeDialog(dialog);
      (returnFocusTo?.current ?? focusBefore.current)?.focus();
    }
  }, [open, returnFocusTo]);

  return (
    <dialog
      ref={dialogRef}
      className="form-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={intro ? `${id}-intro` : undefined}
      // Closed by the browser itself (a close request it handles on its own).
      onClose={() => {
        if (open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        // The content fills the dialog, so a click on the dialog itself is on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="form-dialog__content">
        <div className="form-dialog__header">
          <h2 id={`${id}-title`} className="form-dialog__title">
            {t(title)}
          </h2>
          <button type="button" className="form-dialog__close" onClick={onClose} aria-label={t('forms.dialog.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {intro && (
          <p id={`${id}-intro`} className="form-dialog__intro">
            {t(intro)}
          </p>
        )}
        <div className="form-dialog__body">
          <CloseContext value={onClose}>{children}</CloseContext>
        </div>
      </div>
    </dialog>
  );
}
