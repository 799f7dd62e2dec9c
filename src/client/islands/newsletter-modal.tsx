import { useEffect, type ComponentType } from 'react';
import type { Language } from '#shared/locales.ts';
import type { NewsletterDialogProps } from '#client/ui/form/newsletter-dialog.tsx';
import type { IslandProps } from './types.ts';
import { useLazyDialog } from './lazy-dialog.ts';

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
  const { triggerProps, triggerRef, Dialog: DialogComponent, open, setOpen, openDialog } = useLazyDialog(loadDialog, lang, '[newsletter-modal] could not load the form');

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

  return (
    <>
      <button className={variant === 'button' ? 'button' : 'form-dialog__trigger'} {...triggerProps}>
        {label}
      </button>
      {DialogComponent && (
        <DialogComponent language={lang} open={open} onClose={close} returnFocusTo={triggerRef} />
      )}
    </>
  );
}
