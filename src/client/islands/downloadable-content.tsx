import type { ComponentType } from 'react';
import type { Language } from '#shared/locales.ts';
import type { DownloadDialogProps } from '#client/features/downloadables/download-dialog.tsx';
import type { IslandProps } from './types.ts';
import { useLazyDialog } from './lazy-dialog.ts';

/**
 * `data-code`: the item's code (`guide`; none: renders nothing); `data-label`: the
 * button's text, translated by the prerender (the catalogue comes with the dialog).
 */
export type DownloadableContentProps = IslandProps<{ code: string; label: string }>;

/**
 * The dialog and its form with the page language's texts, through a loader chunk that
 * carries the dialog's list of files (see download-dialog-loader.ts). The browser keeps a
 * loaded module; a failed load is tried again on the next interest.
 */
const loadDialog = (language: Language): Promise<ComponentType<DownloadDialogProps>> =>
  import('#client/features/downloadables/download-dialog-loader.ts').then((module) => module.loadDownloadDialog(language));

/**
 * `data-island="downloadable-content"` (the home page's free guide): a button that opens
 * the item's request form in a modal dialog, prerendered and hydrated. The page loads
 * only this button; the dialog with the form, Zod and the captcha widget is fetched when
 * the pointer or the focus reaches the button, and at the latest on the click.
 */
export default function DownloadableContent({ lang, code = '', label = '' }: DownloadableContentProps) {
  const { triggerProps, triggerRef, Dialog, open, setOpen } = useLazyDialog(loadDialog, lang, '[downloadable-content]');

  if (code === '') return null;

  return (
    <>
      <button className="button" {...triggerProps}>
        {label}
      </button>
      {Dialog && <Dialog code={code} language={lang} open={open} onClose={() => setOpen(false)} returnFocusTo={triggerRef} />}
    </>
  );
}
