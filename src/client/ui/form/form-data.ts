import { startTransition, useEffect, useState } from 'react';
import { urlOf, type Answer, type Call, type CallInput } from '#shared/contract.ts';
import { callApi } from '#client/lib/api.ts';

/**
 * The reference data the forms read (site keys, countries, the visitor's country,
 * newsletter topics): each GET is made once per page and shared by every form on it,
 * so opening a dialog again or showing two forms costs no further calls. A failed call
 * is forgotten, so the next form tries again.
 *
 * Forms also run in the marketing pages' widgets, whose script stays small: this cache of
 * a few lines stands in there for the query library the app's pages use (`lib/queries.ts`).
 */
const loaded = new Map<string, Promise<unknown>>();

/**
 * Answers that came with the page: those a page the server rendered was rendered with
 * (src/client/lib/start-spa.tsx adds them), so the browser's first render shows what the
 * server's did; on the server, the request's own, only while its page renders.
 */
const given = new Map<string, unknown>();
let givenForRender: ReadonlyMap<string, unknown> | undefined;

/** Adds answers that came with the page, by their address (`urlOf`). */
export function addGivenFormData(answers: Iterable<[string, unknown]>): void {
  for (const [key, data] of answers) {
    given.set(key, data);
    loaded.set(key, Promise.resolve(data));
  }
}

/** The addresses a server render read without an answer (`withGivenFormData`'s `missed`). */
let missedInRender: Set<string> | undefined;

/**
 * Runs a synchronous server render with these answers (by address) at hand; the addresses
 * it read without an answer go to `missed`, for the renderer to answer those its page
 * allows and render again (src/client/app/render-on-server.tsx).
 */
export function withGivenFormData<T>(answers: ReadonlyMap<string, unknown>, render: () => T, missed?: Set<string>): T {
  givenForRender = answers;
  missedInRender = missed;
  try {
    return render();
  } finally {
    givenForRender = undefined;
    missedInRender = undefined;
  }
}

function givenFor<T>(key: string | undefined): Loadable<T> | undefined {
  if (key === undefined) return undefined;
  const answers = givenForRender ?? given;
  if (answers.has(key)) return { status: 'loaded', data: answers.get(key) as T };
  missedInRender?.add(key);
  return undefined;
}

function loadOnce<C extends Call>(call: C, input: CallInput<C>): Promise<Answer<C>> {
  const key = urlOf(call, input);
  let promise = loaded.get(key) as Promise<Answer<C>> | undefined;
  if (!promise) {
    const loading = callApi<C>(call, input);
    loaded.set(key, loading);
    loading.catch(() => loaded.delete(key));
    promise = loading;
  }
  return promise;
}

/** Tests start each case with nothing loaded. */
export function forgetLoadedFormData(): void {
  loaded.clear();
  given.clear();
}

export type Loadable<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed' };

/** The answer of a reference-data call; no call while `call` is undefined. */
export function useFormData<C extends Call>(call: C | undefined, input: CallInput<C> = {} as CallInput<C>): Loadable<Answer<C>> {
  const key = call ? urlOf(call, input) : undefined;
  const [state, setState] = useState<{ key: string | undefined; value: Loadable<Answer<C>> }>(() => ({ key, value: givenFor<Answer<C>>(key) ?? { status: 'loading' } }));

  useEffect(() => {
    if (!call || key === undefined || (state.key === key && state.value.status === 'loaded')) return;
    let live = true;
    loadOnce(call, input).then(
      (data) => {
        // Reference data that arrives (the countries of a select) is never urgent: React
        // renders what it changes in slices, between the browser's tasks.
        if (live) startTransition(() => setState({ key, value: { status: 'loaded', data } }));
      },
      (error: unknown) => {
        // A failed call is only logged; the form goes on without the data.
        console.error(`[form] GET ${key} failed`, error);
        if (live) setState({ key, value: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
    // The key stands for the call and its input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // A result for an earlier key (the language changed) does not count.
  return state.key === key ? state.value : (givenFor<Answer<C>>(key) ?? { status: 'loading' });
}
