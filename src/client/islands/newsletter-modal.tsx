import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { Language } from '#shared/locales.ts';
import type { NewsletterDialogProps } from '#client/ui/form/newsletter-dialog.tsx';
import type { IslandProps } from './types.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * `data-label`: the button's text, translated by the prerender (the catalogue comes with the dialog).
 * `data-variant`: `button` for a button in the page's content; otherwise link-styled (the footer).
 * `data-fragment`: the URL fragment that opens the dialog (`newsletter`: `/web/en-US/#newsletter`),
 * on arrival and on a later change of the fragment; given to one button per page (the footer's).
 */
export type NewsletterModalProps = IslandProps<{ label: string; variant: string; fragment: string }>;

type Dialog = ComponentType<NewsletterDialogProps>;

/**
 * The dialog and its form with the page language's texts, loaded once per page on the
 * first sign of interest, through a loader chunk that carries the dialog's list of files
 * (newsletter-dialog-loader.ts).
 */
const loadDialog = (language: Language): Promise<Dialog> =>
  import('#client/ui/form/newsletter-dialog-loader.ts').then((module) => module.loadNewsletterDialog(language));

/**
 * `data-island="newsletter-modal"` (in the footer, and as a button in the home page): a
 * button that opens the newsletter form in a modal dialog, prerendered and hydrated. The
 * page loads only this button; the dialog with the form, Zod and the captcha widget is
 * fetched when the pointer or the focus reaches the button, and at the latest on the
 * click. With `data-fragment`, a link to `#<fragment>` opens it too (the newsletter
 * redirect: mails and other pages send visitors to `/web/{lang}/#newsletter`).
 */
export default function NewsletterModal({ lang, label = '', variant, fragment }: NewsletterModalProps) {
  const hydrated = useHydrated();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<{ component: Dialog } | undefined>(undefined);
  const [open, setOpen] = useState(false);

  function prefetch(): void {
    loadDialog(lang).catch(() => {});
  }

  const openDialog = useCallback((): void => {
    loadDialog(lang).then(
      (component) => {
        setDialog({ component });
        setOpen(true);
      },
      // A failure is only logged; the button stays and can be tried again.
      (error: unknown) => console.error('[newsletter-modal] could not load the form', error),
    );
  }, [lang]);

  useEffect(() => {
    if (!fragment) return;
    const openFromLink = () => {
      if (location.hash === `#${fragment}`) openDialog();
    };
    openFromLink();
    window.addEventListener('hashchange', openFromLink);
    return () => window.removeEventListener('hashchange', openFromLink);
  }, [fragment, openDialog]);

  function close(): void {
    setOpen(false);
    // A reload should not open it again.
    if (fragment && location.hash === `#${fragment}`) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  }

  const DialogComponent = dialog?.component;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={variant === 'button' ? 'button' : 'form-dialog__trigger'}
        aria-haspopup="dialog"
        disabled={!hydrated}
        onClick={openDialog}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {label}
      </button>
      {DialogComponent && (
        <DialogComponent language={lang} open={open} onClose={close} returnFocusTo={triggerRef} />
      )}
    </>
  );
}
