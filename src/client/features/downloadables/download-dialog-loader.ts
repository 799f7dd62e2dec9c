import type { ComponentType } from 'react';
import type { Language } from '#shared/locales.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { loadWidgetTexts } from '#client/lib/widget-texts.ts';
import type { DownloadDialogProps } from './download-dialog.tsx';

const loadDialog = loadOnce(() => import('./download-dialog.tsx').then((module) => module.DownloadDialog));

/**
 * Loads the download dialog, once per page (again after a failure), with the texts of the
 * page's language. A chunk of its own between the marketing pages' widget and the
 * dialog: the widget's chunk would otherwise carry the list of every file the dialog
 * needs (its preload list, some 300 bytes) and the way to the catalogue, which weigh on
 * the home page's script budget. Both live here instead, fetched with this chunk on the
 * first sign of interest.
 */
export function loadDownloadDialog(language: Language): Promise<ComponentType<DownloadDialogProps>> {
  return Promise.all([loadDialog(), loadWidgetTexts(language)]).then(([dialog]) => dialog);
}
