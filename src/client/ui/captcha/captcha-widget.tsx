import { useEffect, useId, useRef, useState } from 'react';
import type { Language } from '#shared/locales.ts';
import type { MessageKey, MessageParams, MessagesByLanguage } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
import { useHydrated } from '#client/lib/hydration.tsx';
import type * as solvingModule from './captcha-solving.ts';
import type { CaptchaSolver } from './worker-pool.ts';
import './captcha-widget.css';

export type CaptchaWidgetProps = {
  /** The form family's site key; undefined or empty shows 'Website problem: sitekey not set'. */
  siteKey: string | undefined;
  language: Language;
  /** Called with the `captchaSolution` value once the puzzle is solved. */
  onSolved: (solution: string) => void;
  /** Called when a solution is withdrawn (expired, reset) and the form must not send it. */
  onReset: () => void;
  /** Bump it to reset the widget, e.g. when the server reports an error on captchaSolution. */
  resetSignal?: number;
  puzzleUrl?: string;
  /** Start without waiting for the visitor to tick the box. */
  autoStart?: boolean;
  /** How to find the number; the default uses 4 Web Workers. Tests pass a synchronous one. */
  solver?: CaptchaSolver;
};

type Solving = typeof solvingModule;

/**
 * The widget's fetch and solving code, imported when the visitor reaches the box (focus,
 * pointer) or ticks it, not with the page; the module system fetches it once.
 */
const loadSolving = (): Promise<Solving> => import('./captcha-solving.ts');
const prefetchSolving = () => void loadSolving().catch(() => undefined);

/**
 * A puzzle counts as expired this long before the expiry in its salt, so a form never
 * sends a solution that runs out on its way to the server.
 */
const expiryMarginMs = 30_000;

type Problem = { key: MessageKey; params?: MessageParams } | { messagesByLanguage: MessagesByLanguage };

type WidgetState =
  | { status: 'initializing' | 'ready' | 'fetching' | 'solving' | 'expired' }
  | { status: 'completed'; solution: string }
  /** `final`: starting again cannot help (automation, no site key), so no retry is offered. */
  | { status: 'error'; problem: Problem; final: boolean };

const stateTexts = {
  initializing: 'captcha.state.initializing',
  ready: 'captcha.state.ready',
  fetching: 'captcha.state.fetching',
  solving: 'captcha.state.solving',
  completed: 'captcha.state.completed',
  expired: 'captcha.state.expired',
} as const satisfies Record<Exclude<WidgetState['status'], 'error'>, MessageKey>;

/**
 * Browsers that declare automation (Selenium, Puppeteer, Playwright set
 * navigator.webdriver) are refused. The project's own browser journeys run Chromium with
 * `--disable-blink-features=AutomationControlled`, as a visitor's browser would be.
 */
function isAutomatedBrowser(): boolean {
  return typeof navigator !== 'undefined' && navigator.webdriver === true;
}

/** What the widget shows when it cannot start at all, or undefined when it can. */
function blockingProblem(siteKey: string | undefined): Problem | undefined {
  if (isAutomatedBrowser()) return { key: 'captcha.error.browserCheck' };
  if (!siteKey) return { key: 'captcha.error.siteKeyMissing' };
  return undefined;
}

function problemOf(error: unknown, puzzleUrl: string, solving: Solving | undefined): Problem {
  if (!solving) return { key: 'captcha.error.connection', params: { endpoint: puzzleUrl } };
  const { CaptchaWorkerError, PuzzleFetchError } = solving;
  if (error instanceof CaptchaWorkerError) return { key: 'captcha.error.worker' };
  if (error instanceof PuzzleFetchError) {
    const { failure } = error;
    if (failure.kind === 'connection') return { key: 'captcha.error.connection', params: { endpoint: puzzleUrl } };
    if (failure.kind === 'endpointNotEnabled') return { key: 'captcha.error.endpointNotEnabled' };
    if (failure.kind === 'refused' && failure.messagesByLanguage) return { messagesByLanguage: failure.messagesByLanguage };
  }
  return { key: 'captcha.error.verificationFailed' };
}

/**
 * The anti-robot widget (docs/product/captcha.md): fetches an ALTCHA puzzle, solves it in the
 * background and puts the solution in a hidden `captchaSolution` field.
 */
export function CaptchaWidget({
  siteKey,
  language,
  onSolved,
  onReset,
  resetSignal,
  puzzleUrl = '/captcha/puzzle',
  autoStart = false,
  solver,
}: CaptchaWidgetProps) {
  const isClient = useHydrated();
  const [state, setState] = useState<WidgetState>({ status: 'ready' });
  const id = useId();
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);

  // A new site key or a bumped resetSignal sends the widget back to ready. The state is
  // adjusted during render (React's pattern for state that follows a prop); the effects
  // below stop the running attempt and tell the form.
  const [seen, setSeen] = useState({ siteKey, resetSignal });
  if (seen.siteKey !== siteKey || seen.resetSignal !== resetSignal) {
    setSeen({ siteKey, resetSignal });
    setState({ status: 'ready' });
  }

  // The running attempt (fetch, solve, expiry timer); aborting it stops all three.
  const runRef = useRef<AbortController | null>(null);
  const solvedRef = useRef(false);
  // The latest props for callbacks that outlive a render (timers, promises).
  const latest = useRef({ siteKey, puzzleUrl, solver, onSolved, onReset });
  useEffect(() => {
    latest.current = { siteKey, puzzleUrl, solver, onSolved, onReset };
  });

  function stopRun(): void {
    runRef.current?.abort();
    runRef.current = null;
  }

  /** Withdraws the solution so the form stops sending it; `always` also when there was none. */
  function withdrawSolution(always: boolean): void {
    if (solvedRef.current || always) latest.current.onReset();
    solvedRef.current = false;
  }

  async function start(): Promise<void> {
    const { siteKey: key, puzzleUrl: url, solver: solve } = latest.current;
    if (!key || blockingProblem(key)) return; // shown by the render; nothing to start
    stopRun();
    const run = new AbortController();
    runRef.current = run;
    const { signal } = run;
    setState({ status: 'fetching' });
    let solving: Solving | undefined;
    try {
      solving = await loadSolving();
      const { fetchPuzzle, expiryOf, encodeSolution } = solving;
      const puzzle = await fetchPuzzle(url, key, signal);
      const expiresAt = expiryOf(puzzle.salt);
      if (expiresAt !== undefined) {
        const timer = setTimeout(() => {
          stopRun();
          setState({ status: 'expired' });
          withdrawSolution(true);
        }, Math.max(0, expiresAt - expiryMarginMs - Date.now()));
        signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      }
      setState({ status: 'solving' });
      const number = await (solve ?? solving.solveWithWorkers)(puzzle, signal);
      if (signal.aborted) return;
      if (number === null) {
        stopRun();
        setState({ status: 'error', problem: { key: 'captcha.error.verificationFailed' }, final: false });
        return;
      }
      const solution = encodeSolution(puzzle, number);
      setState({ status: 'completed', solution });
      solvedRef.current = true;
      latest.current.onSolved(solution);
    } catch (error) {
      if (signal.aborted) return; // replaced by a newer attempt, a reset or an unmount
      stopRun();
      setState({ status: 'error', problem: problemOf(error, url, solving), final: false });
    }
  }

  // On mount and on a new site key: drop what belonged to the old key, maybe start.
  useEffect(() => {
    withdrawSolution(false);
    // Starting the fetch is the external work this effect exists for; 'fetching' is its first state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (autoStart) void start();
    return stopRun;
    // Only the site key restarts the widget; the other props are read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteKey]);

  // A bumped resetSignal (not its first value): stop and withdraw the solution.
  const lastResetSignal = useRef(resetSignal);
  useEffect(() => {
    if (lastResetSignal.current === resetSignal) return;
    lastResetSignal.current = resetSignal;
    stopRun();
    withdrawSolution(true);
  }, [resetSignal]);

  // Before JavaScript runs (prerendered HTML, hydration) the widget is initializing; the
  // checks that make it unusable are read from the browser, so only on the client.
  const blocked = isClient ? blockingProblem(siteKey) : undefined;
  const shown: WidgetState = !isClient
    ? { status: 'initializing' }
    : blocked
      ? { status: 'error', problem: blocked, final: true }
      : state;

  const busy = shown.status === 'fetching' || shown.status === 'solving' || shown.status === 'initializing';
  const canStart = shown.status === 'ready' || (shown.status === 'error' && !shown.final);
  const solution = shown.status === 'completed' ? shown.solution : '';

  let statusText: string;
  if (shown.status === 'error') {
    const { problem } = shown;
    statusText = 'key' in problem ? t(problem.key, problem.params) : problem.messagesByLanguage[language];
  } else {
    statusText = t(stateTexts[shown.status]);
  }

  return (
    <div
      className="captcha"
      data-state={shown.status}
      role="group"
      aria-label={t('captcha.group')}
      aria-busy={busy}
    >
      <div className="captcha__control" onPointerEnter={prefetchSolving}>
        <input
          id={`${id}-checkbox`}
          className="captcha__checkbox"
          type="checkbox"
          checked={shown.status === 'completed'}
          // Unticking a solved box or ticking a busy one does nothing; disabled only when
          // no attempt can succeed, so the box stays focusable while it works.
          disabled={shown.status === 'error' && shown.final}
          aria-describedby={`${id}-status`}
          onFocus={prefetchSolving}
          onChange={() => {
            if (canStart) void start();
          }}
        />
        <label className="captcha__label" htmlFor={`${id}-checkbox`}>
          {t('captcha.checkbox')}
        </label>
        {busy && <span className="captcha__spinner" aria-hidden="true" />}
      </div>
      <p id={`${id}-status`} className="captcha__status" aria-live="polite">
        {statusText}
      </p>
      {(shown.status === 'expired' || (shown.status === 'error' && !shown.final)) && (
        <button type="button" className="captcha__restart" onClick={() => void start()}>
          {t(shown.status === 'expired' ? 'captcha.restart' : 'captcha.retry')}
        </button>
      )}
      <input type="hidden" name="captchaSolution" value={solution} />
    </div>
  );
}
