import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ProductTier } from '#shared/catalog.ts';
import { currencies, type PaymentFrequency } from '#shared/locales.ts';
import { addToCart, showAddedCart } from '#client/features/cart/cart.ts';
import { getPaymentFrequency, getSelectedCurrency } from './page-state.ts';
import { isProductTier, progressPercent, recommendedTier, scoreAnswers } from './questionnaire-scoring.ts';
import type { IslandProps } from './types.ts';
import { useHydrated } from '#client/lib/hydration.tsx';

export interface QuestionnaireQuestion {
  text: string;
  answers: { text: string; tier: ProductTier }[];
}

/** One tier's product as the result shows it; prices formatted by the prerender, per frequency and currency. */
export interface QuestionnaireResult {
  code: string;
  title: string;
  description: string;
  prices: Partial<Record<PaymentFrequency, Partial<Record<string, string>>>>;
}

export type QuestionnaireProps = IslandProps<{
  /** JSON `[{ text, answers: [{ text, tier }] }]`. */
  questions: string;
  /** JSON `{ basic: QuestionnaireResult, foundation: …, champion: … }`. */
  results: string;
  /** "Question {step} of {count}". */
  progress: string;
  back: string;
  next: string;
  finish: string;
  /** "Our recommendation: {title}". */
  result: string;
  restart: string;
  perSeatMonth: string;
  perSeatOnce: string;
  addToCart: string;
  adding: string;
  failed: string;
}>;

function parseJson(json: string | undefined): unknown {
  try {
    return JSON.parse(json ?? '');
  } catch {
    return undefined;
  }
}

/** The questions from `data-questions`; a question with an answer for an unknown tier is left out. */
function parseQuestions(json: string | undefined): QuestionnaireQuestion[] {
  const value = parseJson(json);
  return Array.isArray(value)
    ? (value as QuestionnaireQuestion[]).filter((question) => Array.isArray(question?.answers) && question.answers.every((answer) => isProductTier(answer?.tier)))
    : [];
}

/**
 * `data-island="questionnaire"` (home page, prerendered and hydrated): four questions, one
 * at a time, with a progress bar (25 % per step), Back and Next. Each answer is a point
 * for basic, foundation or champion; the result is the tier with the most points (a tie
 * goes to the higher tier, `questionnaire-scoring.ts`), shown with its price in the
 * page's currency (every currency is in the markup, the stylesheet shows the selected
 * one) and payment frequency, and a button that adds that product to the cart by the
 * path of the `add-to-cart` widget (the page's currency at click time; the drawer opens).
 */
export default function Questionnaire({
  questions: questionsJson,
  results: resultsJson,
  progress = '',
  back = '',
  next = '',
  finish = next,
  result: resultText = '',
  restart = '',
  perSeatMonth = '',
  perSeatOnce = '',
  addToCart: addText = '',
  adding: addingText = addText,
  failed: failedText = '',
  lang,
  currency,
}: QuestionnaireProps) {
  const hydrated = useHydrated();
  const id = useId();
  const questions = parseQuestions(questionsJson);
  const results = (parseJson(resultsJson) ?? {}) as Partial<Record<ProductTier, QuestionnaireResult>>;
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<(ProductTier | undefined)[]>([]);
  const [outcome, setOutcome] = useState<{ tier: ProductTier; frequency: PaymentFrequency } | undefined>(undefined);
  const [adding, setAdding] = useState<'idle' | 'adding' | 'failed'>('idle');
  const focusTarget = useRef<HTMLElement | null>(null);
  const focusHere = (element: HTMLElement | null) => {
    focusTarget.current = element;
  };
  const moved = useRef(false);

  // After Next, Back, the result or a restart, the new question (or the result) takes the focus.
  useEffect(() => {
    if (moved.current) focusTarget.current?.focus();
  }, [step, outcome]);

  const question = questions[step];
  if (!question) return null;
  const count = questions.length;
  const last = step === count - 1;
  const answer = answers[step];
  const go = (update: () => void) => {
    moved.current = true;
    update();
  };

  // The add-to-cart path of the `add-to-cart` widget: the cart (made on the first add), its count, the drawer.
  const add = async (productCode: string, paymentFrequency: PaymentFrequency) => {
    setAdding('adding');
    try {
      const added = await addToCart({ productCode, quantity: 1, currency: getSelectedCurrency(), language: lang, paymentFrequency });
      setAdding('idle');
      showAddedCart(added);
    } catch (error) {
      console.error('add to cart failed', error);
      setAdding('failed');
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!answer) return;
    if (!last) go(() => setStep(step + 1));
    else go(() => setOutcome({ tier: recommendedTier(scoreAnswers(answers)), frequency: getPaymentFrequency() }));
  };

  if (outcome) {
    const product = results[outcome.tier];
    const prices = product?.prices[outcome.frequency] ?? {};
    return (
      <div className="questionnaire questionnaire--result" data-tier={outcome.tier}>
        <h3 ref={focusHere} tabIndex={-1}>
          {resultText.replace('{title}', product?.title ?? outcome.tier)}
        </h3>
        {product?.description && <p>{product.description}</p>}
        <p className="questionnaire__price">
          <span className="price">
            {currencies.map((code) => (
              <span key={code} className="money" data-currency={code} hidden={code !== currency}>
                {prices[code]}
              </span>
            ))}
          </span>{' '}
          <span className="price-unit">{outcome.frequency === 'MONTHLY' ? perSeatMonth : perSeatOnce}</span>
        </p>
        <div className="questionnaire__actions">
          <div>
            <button type="button" className="button" disabled={adding === 'adding' || !product} aria-busy={adding === 'adding'} onClick={() => product && void add(product.code, outcome.frequency)}>
              {adding === 'adding' ? addingText : addText}
            </button>
            {adding === 'failed' && failedText && (
              <p className="form-error" role="alert">
                {failedText}
              </p>
            )}
          </div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              go(() => {
                setAnswers([]);
                setStep(0);
                setOutcome(undefined);
                setAdding('idle');
              })
            }
          >
            {restart}
          </button>
        </div>
      </div>
    );
  }

  const percent = progressPercent(step, count);
  return (
    <form className="questionnaire" onSubmit={submit}>
      <p id={`${id}-progress`} className="questionnaire__step">
        {progress.replace('{step}', String(step + 1)).replace('{count}', String(count))}
      </p>
      <progress className="questionnaire__progress" max={100} value={percent} aria-labelledby={`${id}-progress`}>
        {percent} %
      </progress>
      <fieldset className="questionnaire__question">
        <legend ref={focusHere} tabIndex={-1}>
          {question.text}
        </legend>
        {question.answers.map((option) => (
          <label key={option.tier} className="questionnaire__answer">
            <input
              type="radio"
              name={`${id}-q${step}`}
              value={option.tier}
              checked={answer === option.tier}
              disabled={!hydrated}
              onChange={() =>
                setAnswers((current) => {
                  const chosen = [...current];
                  chosen[step] = option.tier;
                  return chosen;
                })
              }
            />
            <span>{option.text}</span>
          </label>
        ))}
      </fieldset>
      <div className="questionnaire__actions">
        <button type="button" className="button button--secondary" disabled={!hydrated || step === 0} onClick={() => go(() => setStep(step - 1))}>
          {back}
        </button>
        <button type="submit" className="button" disabled={!hydrated || !answer}>
          {last ? finish : next}
        </button>
      </div>
    </form>
  );
}
