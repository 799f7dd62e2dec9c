import type { MessagesByLanguage } from '#shared/i18n/catalogue.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import { languages } from '#shared/locales.ts';
import { parsePuzzle, type CaptchaPuzzle } from './captcha-puzzle.ts';

/** Sent with every puzzle request so the provider's logs tell widget versions apart. */
const captchaClientHeader = 'cyber-captcha@1.0.0';

/** The first try, then up to 2 retries after 1 s and 4 s. */
const puzzleRetryDelays: readonly number[] = [1000, 4000];

type PuzzleFetchFailure =
  /** No answer, or a server error, after every retry. */
  | { kind: 'connection' }
  /** The provider says the endpoint is switched off for this site. */
  | { kind: 'endpointNotEnabled' }
  /** The provider refused the request (e.g. an unknown site key), possibly with its own message. */
  | { kind: 'refused'; messagesByLanguage?: MessagesByLanguage }
  /** The answer is not a puzzle this widget can solve. */
  | { kind: 'invalidPuzzle' };

export class PuzzleFetchError extends Error {
  constructor(readonly failure: PuzzleFetchFailure) {
    super(`captcha puzzle fetch failed: ${failure.kind}`);
  }
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Finds `endpoint_not_enabled` in the shapes providers use: `{ code }`, `{ error }` or `{ error: { code } }`. */
function isEndpointNotEnabled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { code, error } = body as { code?: unknown; error?: unknown };
  const nested = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return [code, error, nested].includes('endpoint_not_enabled');
}

function messagesOf(body: unknown): MessagesByLanguage | undefined {
  const messages = (body as { error?: { messagesByLanguage?: unknown } } | null)?.error?.messagesByLanguage;
  if (typeof messages !== 'object' || messages === null) return undefined;
  const texts = messages as Record<string, unknown>;
  return languages.every((language) => typeof texts[language] === 'string') ? (forEveryLanguage((language) => texts[language]) as MessagesByLanguage) : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * GET `{puzzleUrl}?sitekey=…`. Network errors, 5xx and 429 are retried on the schedule of
 * `retryDelays`; other refusals are final at once, since asking again cannot change them.
 * Rejects with PuzzleFetchError, or with the abort reason when `signal` aborts.
 */
export async function fetchPuzzle(
  puzzleUrl: string,
  siteKey: string,
  signal: AbortSignal,
  retryDelays: readonly number[] = puzzleRetryDelays,
): Promise<CaptchaPuzzle> {
  const url = `${puzzleUrl}${puzzleUrl.includes('?') ? '&' : '?'}sitekey=${encodeURIComponent(siteKey)}`;
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetch(url, {
        headers: { 'X-Captcha-Client': captchaClientHeader, Accept: 'application/json' },
        cache: 'no-store',
        credentials: 'same-origin',
        signal,
      });
    } catch {
      // A network failure is retried below; an abort is not a failure.
      if (signal.aborted) throw signal.reason;
    }
    if (response) {
      const body = await readJson(response);
      if (isEndpointNotEnabled(body)) throw new PuzzleFetchError({ kind: 'endpointNotEnabled' });
      if (response.ok) {
        const puzzle = parsePuzzle(body);
        if (!puzzle) throw new PuzzleFetchError({ kind: 'invalidPuzzle' });
        return puzzle;
      }
      const retryable = response.status >= 500 || response.status === 429;
      if (!retryable) {
        const messagesByLanguage = messagesOf(body);
        throw new PuzzleFetchError(messagesByLanguage ? { kind: 'refused', messagesByLanguage } : { kind: 'refused' });
      }
    }
    const delay = retryDelays[attempt];
    if (delay === undefined) throw new PuzzleFetchError({ kind: 'connection' });
    await wait(delay, signal);
  }
}
