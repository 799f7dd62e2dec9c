import { downloadableCalls } from '#shared/contract/downloadables.ts';
import type { FormMessagesResponse } from '#shared/schemas/forms.ts';
import type { DownloadRequest } from '#shared/schemas/downloadables.ts';
import { callApi } from '#client/lib/api.ts';
import { guideCode, guideRequestedKey } from './guide-requested.ts';

/**
 * Asks for an item's download link (`POST /api/downloadables/by-code/{code}/subscriptions/`),
 * from its page, the home page's dialog or the exit-intent popup. A request for the free
 * guide is remembered, so the popup does not offer it again.
 */
export async function requestDownload(code: string, payload: DownloadRequest): Promise<FormMessagesResponse> {
  const answer = await callApi(downloadableCalls.requestDownload, { params: { code }, body: payload });
  if (code === guideCode) rememberGuideRequested(undefined, Date.now());
  return answer;
}

/**
 * Remembers the request at `now` in `store` (localStorage when not given). Here, with the
 * request, and not beside the key: the pages load the key at once, this only with a form.
 */
export function rememberGuideRequested(store: Pick<Storage, 'setItem'> | undefined, now: number): void {
  try {
    (store ?? window.localStorage).setItem(guideRequestedKey, String(now));
  } catch {
    // A full or blocked storage: nothing to remember with.
  }
}
