import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { translate, type MessageKey } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import './form-dialog.css';

export interface FormDialogProps {
  language: Language;
  /** The text of the button that opens the dialog. */
  openLabel: MessageKey;
  title: MessageKey;
  /** A short text under the title, read out with the dialog's name. */
  intro?: MessageKey;
  /** The opening button's class, so it can look like the link list it sits in. */
  triggerClassName?: string;
  /** Called once the dialog has closed (Escape, the close button, the backdrop). */
  onClosed?: () => void;
  /** The content, rendered once the dialog first opens and kept while it is closed. */
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
 * inert, focus moves into the dialog, Escape, the close button and a click on the backdrop
 * close it, and focus returns to the button that opened it.
 */
export function FormDialog({ language, openLabel, title, intro, triggerClassName, onClosed, children }: FormDialogProps) {
  const t = (key: MessageKey) => translate(language, key);
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const openRef = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    if (!dialog.hasAttribute('open')) showModal(dialog);
    initialFocus(dialog)?.focus();
  }, [open]);

  function openDialog(): void {
    openRef.current = true;
    setEverOpened(true);
    setOpen(true);
  }

  /** Bookkeeping after any way of closing; runs once per opening. */
  function closed(): void {
    if (!openRef.current) return;
    openRef.current = false;
    setOpen(false);
    triggerRef.current?.focus();
    onClosed?.();
  }

  function close(): void {
    const dialog = dialogRef.current;
    if (dialog?.hasAttribute('open')) closeDialog(dialog);
    closed();
  }

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName ?? 'form-dialog__trigger'}
        aria-haspopup="dialog"
        onClick={openDialog}
      >
        {t(openLabel)}
      </button>
      <dialog
        ref={dialogRef}
        className="form-dialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={intro ? `${id}-intro` : undefined}
        onClose={closed}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
        onClick={(event) => {
          // The content fills the dialog, so a click on the dialog itself is on the backdrop.
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className="form-dialog__content">
          <div className="form-dialog__header">
            <h2 id={`${id}-title`} className="form-dialog__title">
              {t(title)}
            </h2>
            <button type="button" className="form-dialog__close" onClick={close} aria-label={t('forms.dialog.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {intro && (
            <p id={`${id}-intro`} className="form-dialog__intro">
              {t(intro)}
            </p>
          )}
          <div className="form-dialog__body">
            <CloseContext value={close}>{everOpened && children}</CloseContext>
          </div>
        </div>
      </dialog>
    </>
  );
}
