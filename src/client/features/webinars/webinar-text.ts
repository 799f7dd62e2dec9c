/**
 * How the shop shows a webinar: its description as paragraphs (staff type plain text, an
 * empty line starts a new paragraph), its first paragraph as the list's teaser, and
 * whether visitors can still sign up.
 */

/** The paragraphs of a plain text: split at empty lines, each trimmed; single line breaks stay inside. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The first paragraph on one line, cut at a word before `max` characters with "…" when longer. */
export function shortDescription(text: string, max = 240): string {
  const first = (paragraphsOf(text)[0] ?? '').replace(/\s+/g, ' ');
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.\-–]+$/, '')}…`;
}

export type SignUpState = 'open' | 'started' | 'past';

/** `open` before the start, `started` while it runs, `past` once it is over (sign-up closes at the start). */
export function signUpState(webinar: { startsAt: string; durationMinutes: number }, now: Date = new Date()): SignUpState {
  const start = new Date(webinar.startsAt).getTime();
  if (now.getTime() < start) return 'open';
  return now.getTime() < start + webinar.durationMinutes * 60_000 ? 'started' : 'past';
}
