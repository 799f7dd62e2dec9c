import { loadOnce } from '#client/lib/load-once.ts';

/**
 * Loads the download dialog, once per page (again after a failure). A chunk of its own
 * between the marketing pages' widget and the dialog: the widget's chunk would otherwise
 * carry the list of every file the dialog needs (its preload list, some 300 bytes), which
 * weighs on the home page's script budget. The list lives here instead, fetched with this
 * chunk on the first sign of interest.
 */
export const loadDownloadDialog = loadOnce(() => import('./download-dialog.tsx').then((module) => module.DownloadDialog));
