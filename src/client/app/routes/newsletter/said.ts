import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { refusalOf, type Problem } from '#client/ui/form/problems.ts';

/**
 * What a page says after an action: a catalogue key, or the server's text in every
 * language. Kept as such (not as a string) so that it follows a switch of the language;
 * shown with `problemText`.
 */
export type Said = Problem;

/** The server's reason for a failure when it gave one (a 429 says when to try again), else `fallback`. */
export function saidOf(error: unknown, fallback: MessageKey): Said {
  return refusalOf(error, { key: fallback });
}
