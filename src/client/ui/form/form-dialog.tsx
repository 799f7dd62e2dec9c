import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
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
function useCloseFormDialog(): () => void {
  return useContext(CloseContext);
}

/**
 * The state of a dialog whose form is replaced by the server's confirmation once sent:
 * `confirm(text)` shows it; `close` asks the dialog to close and, after a confirmation,
 * starts a new `round` (the form's key), so the next opening shows an empty form.
 */
export function useConfirmationRounds(onClose: () => void) {
  const [confirmation, setConfirmation] = useState<string | undefined>(undefined);
  const [round, setRound] = useState(0);
  function close(): void {
    if (confirmation !== undefined) {
      setConfirmation(undefined);
      setRound((current) => current + 1);
    }
    onClose();
  }
  return { confirmation, confirm: setConfirmation, round, close };
}

/**
 * What a dialog shows in place of its form once sent: the confirmation (and further
 * paragraphs, `children`), which takes the focus and is read out, and a "Close" button.
 */
export function FormDialogConfirmation({ language, text, children }: { language: Language; text: string; children?: ReactNode }) {
  const close = useCloseFormDialog();
  const ref = useRef<HTMLDivElement>(null);
  // The form that had the focus is gone: the confirmation takes it, and is read out.
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <>
      <div ref={ref} className="form-dialog__confirmation" role="status" tabIndex={-1}>
        <p>{text}</p>
        {children}
      </div>
      <div className="form-dialog__actions">
        <button type="button" className="form__submit" onClick={close}>
          {translate(language, 'forms.dialog.close')}
        </button>
      </div>
    </>
  );
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
