/**
 * One of the widget's 4 solver workers: searches the range it is sent and answers with
 * the number, or null when the range does not hold it. The pool terminates the other
 * workers as soon as one answers with a number.
 */
import { searchRange } from './search-range.ts';

export type SearchRequest = { salt: string; challenge: string; start: number; end: number };
export type SearchResult = { number: number | null };

addEventListener('message', (event: MessageEvent<SearchRequest>) => {
  const { salt, challenge, start, end } = event.data;
  const result: SearchResult = { number: searchRange(salt, challenge, start, end) };
  postMessage(result);
});
