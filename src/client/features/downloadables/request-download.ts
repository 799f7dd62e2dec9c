import { downloadableCalls } from '#shared/contract/downloadables.ts';
import type { FormMessagesResponse } from '#shared/schemas/forms.ts';
import type { DownloadRequest } from '#shared/schemas/downloadables.ts';
import { callApi } from '#client/lib/api.ts';
import { guideCode, rememberGuideRequested } from './guide-requested.ts';

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
