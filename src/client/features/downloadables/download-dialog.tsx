import type { RefObject } from 'react';
import { downloadableCalls } from '#shared/contract/downloadables.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { FormDialog, FormDialogConfirmation, useConfirmationRounds } from '#client/ui/form/form-dialog.tsx';
import { useFormData } from '#client/ui/form/form-data.ts';
import { DownloadRequestForm } from './download-request-form.tsx';
import { DownloadSummary } from './download-summary.tsx';
import './downloads.css';

export interface DownloadDialogProps {
  /** The item's code (`guide`). */
  code: string;
  language: Language;
  open: boolean;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The request form of a downloadable item in a modal dialog (the marketing pages'
 * `downloadable-content` widget): the item's cover, title and facts
 * (`GET /api/downloadables/by-code/{code}`), the shared form, and once sent the
 * confirmation in place of the form. Loaded only when a visitor asks for it: it brings
 * Zod, the form layout, the captcha widget and the catalogues.
 */
export function DownloadDialog({ code, language, open, onClose, returnFocusTo }: DownloadDialogProps) {
  const item = useFormData(downloadableCalls.downloadable, { params: { code }, query: { language } });
  const { confirmation, confirm, round, close } = useConfirmationRounds(onClose);

  return (
    <FormDialog
      language={language}
      title="downloadables.form.title"
      intro="downloadables.form.intro"
      open={open}
      onClose={close}
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      {item.status === 'failed' ? (
        <p className="download-form__refused" role="alert">
          {translate(language, 'downloadables.dialog.unavailable')}
        </p>
      ) : confirmation === undefined ? (
        <>
          {item.status === 'loaded' && <DownloadSummary item={item.data} language={language} />}
          <DownloadRequestForm key={round} code={code} language={language} onSent={confirm} />
        </>
      ) : (
        <FormDialogConfirmation language={language} text={confirmation}>
          <p className="download-sent__inbox">{translate(language, 'downloadables.sent.inbox')}</p>
        </FormDialogConfirmation>
      )}
    </FormDialog>
  );
}
