import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * The captcha's part of a form's state: the solution once solved, and a signal that makes
 * the widget start over (after a refusal, or once a solution was spent).
 */
export function useCaptcha() {
  const [solution, setSolution] = useState<string>();
  const [resetSignal, setResetSignal] = useState(0);
  const clear = useCallback(() => setSolution(undefined), []);
  const reset = useCallback(() => {
    setSolution(undefined);
    setResetSignal((signal) => signal + 1);
  }, []);
  return { solution, resetSignal, solved: setSolution, clear, reset };
}

/** Where a form's problems are: the first invalid input, else a refused captcha, else an alert on top. */
const problemSelectors = ['[aria-invalid="true"]', '.form__captcha--invalid input[type="checkbox"]', '[role="alert"][tabindex="-1"]'];

/**
 * After the errors of a check are shown, the focus moves to the first one, so a keyboard
 * or screen-reader user lands where the work is. Call the returned function when showing
 * problems; the focus moves once they are rendered.
 */
export function useFocusOnProblems(container: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const target = problemSelectors.map((selector) => container.current?.querySelector<HTMLElement>(selector)).find(Boolean);
    target?.focus();
  }, [request, container]);
  return useCallback(() => setRequest((count) => count + 1), []);
}
