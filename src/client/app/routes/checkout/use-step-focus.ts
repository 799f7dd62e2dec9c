import { useEffect, useRef, type RefObject } from 'react';
import type { FocusRequest } from './checkout-reducer.ts';
import type { CheckoutStep } from './checkout-steps.ts';

/** Where a step's problems are: the first invalid field, else the refused captcha, else the message at the top. */
const problemSelectors = ['[aria-invalid="true"]', '.form__captcha--invalid input[type="checkbox"]', '.checkout-alert'];

/**
 * Moves the focus when the step shown changes (Next, Back, the browser's history): to the
 * new step's heading, or where a request asks (`focus`, once per request id, when its
 * step is rendered: the address changes after the state). Leaving a step calls `onLeave`
 * with it (the confirmation's captcha solution belongs to its widget).
 */
export function useStepFocus({
  step,
  focus,
  container,
  heading,
  onLeave,
}: {
  step: CheckoutStep | undefined;
  focus: FocusRequest | undefined;
  container: RefObject<HTMLElement | null>;
  heading: RefObject<HTMLElement | null>;
  onLeave: (step: CheckoutStep) => void;
}): void {
  /** The step of the last rendering, to notice a change. */
  const shownStep = useRef<CheckoutStep | undefined>(undefined);
  const handledRequest = useRef(0);

  useEffect(() => {
    if (step === undefined) return;
    const previous = shownStep.current;
    shownStep.current = step;
    const changed = previous !== undefined && previous !== step;
    if (changed) onLeave(previous);
    const pending = focus && focus.id !== handledRequest.current ? focus : undefined;
    // A request for another step waits for it.
    const request = pending?.step === step ? pending : undefined;
    if (!request && !changed) return;
    if (pending) handledRequest.current = pending.id;
    if (request?.target === 'problem') {
      const target = problemSelectors.map((selector) => container.current?.querySelector<HTMLElement>(selector)).find(Boolean);
      if (target) {
        target.focus();
        return;
      }
    }
    heading.current?.focus();
  });
}
