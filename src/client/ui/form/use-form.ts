import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { z } from 'zod';
import type { Language } from '#shared/locales.ts';
import { ApiError } from '#client/lib/api.ts';
import { formReducer, initialFormState, placeProblems, valueAt, valuesOf } from './form-state.ts';
import { problemsFromApi, problemsFromSchema, problemText, serverFailureOf, type Problem, type Problems } from './problems.ts';

/** A schema fetched on demand: `() => import('#shared/schemas/forms.ts').then((schemas) => schemas.formSubmissionSchema)`. */
export type SchemaLoader<Payload> = () => Promise<z.ZodType<Payload>>;

type Leaf = string | number | boolean | null | undefined | readonly unknown[];

/** The dotted paths of the fields of `Values`: `email`, `address.zip`. */
type FieldPath<Values> = {
  [Key in keyof Values & string]: Values[Key] extends Leaf ? Key : `${Key}.${FieldPath<Values[Key]>}`;
}[keyof Values & string];

/** The type of the value at a dotted path. */
type FieldValue<Values, Path extends string> = Path extends `${infer Key}.${infer Rest}`
  ? Key extends keyof Values
    ? FieldValue<Values[Key], Rest>
    : never
  : Path extends keyof Values
    ? Values[Path]
    : never;

/** The paths whose value is a `Value` (the text fields: `PathOf<Values, string>`). */
export type PathOf<Values, Value> = { [Path in FieldPath<Values>]: FieldValue<Values, Path> extends Value ? Path : never }[FieldPath<Values>];

/** What a text, select or date primitive (`fields.tsx`) takes from the form. */
export interface TextBinding {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** What `CheckboxField` takes from the form. */
export interface CheckboxBinding {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

export interface FormOptions<Values extends object, Payload> {
  /** The language the problems are said in. */
  language: Language;
  /** What the fields show until the visitor changes them; a newer `initial` shows in every field the visitor has not changed. */
  initial: Values;
  /** Values kept from an earlier visit (the tab's sessionStorage): the form starts with them, as changed. */
  restored?: Values | undefined;
  /** When this changes, what was typed gives way to `initial` (a new address replaces a filter being typed). */
  startOverOn?: string;
  /**
   * The shared schema of the payload, the one the server checks; without one the payload
   * goes as built. Or its loader: the schema (and Zod with it) is then fetched when the
   * visitor first changes a field, and waited for on sending, so that a page whose form
   * is below its first screen does not load it with the page.
   */
  schema?: z.ZodType<Payload> | SchemaLoader<Payload>;
  /** The payload, built from the values; the values themselves by default. */
  payloadOf?: (values: Values) => unknown;
  /** Sends the checked payload. Throwing the ApiError of a 400 puts its field errors at their fields. */
  send?: (payload: Payload) => Promise<unknown>;
  /** Whether the form may be sent now (a box ticked, a captcha solved, a field not blank). */
  canSend?: (values: Values) => boolean;
  /**
   * What the form says above its fields when sending is refused without field errors;
   * nothing by default. A failure of the server (a 5xx, or no answer) is always said, the
   * same way for every form (`serverFailureOf`).
   */
  refusalOf?: (error: unknown) => Problem | undefined;
  onSent?: () => void;
  /** After a failed send is shown (the captcha starts over, a conflict reloads the page's data). */
  onFailed?: (error: unknown) => void;
  /** The field a problem of the schema or the server is shown at (the server's `startsAt` at the date). */
  rename?: (path: string) => string;
  /** Fields the form shows without holding their value (the captcha's `captchaSolution`). */
  alsoShown?: readonly string[];
  /** Problems found outside the form, shown at its fields (the orders list refused the filter in the address). */
  outsideProblems?: Problems;
  /** The start of the fields' ids: `checkout` gives `checkout-address-zip`; React's `useId` by default. */
  idPrefix?: string;
  /** Whether a refused send moves the focus to the first problem; a field the visitor just left keeps it otherwise. */
  focusProblems?: boolean;
}

export interface Form<Values> {
  /** The values the fields show: the visitor's changes over `initial`. */
  values: Values;
  /** The values shown once the visitor changed something, or undefined while nothing was changed. */
  edited: Values | undefined;
  problems: Problems;
  sending: boolean;
  /** Whether the form may be sent now (`canSend`): a submit button is disabled until then. */
  ready: boolean;
  /** What no field shows, in the current language: the refusal of the form first (`FormProblems` shows them). */
  elsewhere: string[];
  idOf: (path: string) => string;
  /** The text of the problem shown at a field, in the current language. */
  errorOf: (path: string) => string | undefined;
  set: <Path extends FieldPath<Values>>(path: Path, value: FieldValue<Values, Path>) => void;
  update: (edit: (values: Values) => Values) => void;
  /** Drops what was changed: the fields show `initial` again. */
  restart: () => void;
  showProblems: (problems: Problems | ((current: Problems) => Problems), refusal?: Problem) => void;
  clearProblem: (path: string) => void;
  field: (path: PathOf<Values, string>) => TextBinding;
  checkbox: (path: PathOf<Values, boolean>) => CheckboxBinding;
  /** Checks the payload with the schema and sends it; the field errors of a refusal go to their fields. */
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /** `submit` for a form's `onSubmit`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The one way a form of the client holds its state: the values (by dotted path), the
 * problems (by the same paths, from the shared schema's check or the server's 400), the
 * refusal of the whole form and whether it is being sent. The fields are declared by the
 * form itself with the primitives of `fields.tsx`, bound with `field(path)` or
 * `checkbox(path)`; what no field shows goes above them (`FormProblems`). Problems are
 * kept as catalogue keys or texts in every language, so they follow a language switch.
 */
export function useForm<Values extends object, Payload = Values>(options: FormOptions<Values, Payload>): Form<Values> {
  const { language, initial, payloadOf = (values: Values) => values, rename, alsoShown = [], focusProblems = true } = options;
  const [state, dispatch] = useReducer(formReducer<Values>, options.restored, initialFormState<Values>);
  // The form element, from its submit event: where the focus looks for the first problem.
  const formElement = useRef<HTMLFormElement | null>(null);
  const focusFirstProblem = useFocusOnProblems(formElement);
  const reactId = useId();
  const idPrefix = options.idPrefix ?? reactId;

  // A new `startOverOn` drops what was typed, while rendering (React's pattern for state that follows a prop).
  const [startedOn, setStartedOn] = useState(options.startOverOn);
  if (startedOn !== options.startOverOn) {
    setStartedOn(options.startOverOn);
    dispatch({ type: 'restarted' });
  }

  // The visitor's fields over the initial values of the moment: a late answer fills only what they left alone.
  const changed = Object.keys(state.changes).length > 0;
  const values = changed ? valuesOf(initial, state.changes) : initial;
  const ready = options.canSend?.(values) ?? true;
  const { atFields, elsewhere } = placeProblems({ ...options.outsideProblems, ...state.problems }, values, alsoShown);
  const errorOf = (path: string) => {
    const problem = atFields[path];
    return problem ? problemText(problem, language) : undefined;
  };
  const idOf = (path: string) => `${idPrefix}-${path.replaceAll('.', '-')}`;
  // A schema fetched on demand starts loading with the visitor's first change (the module system keeps it).
  const loadSchema = () => {
    if (typeof options.schema === 'function') options.schema().catch(() => undefined);
  };
  const changeTo = (path: string, value: unknown) => {
    loadSchema();
    dispatch({ type: 'changed', path, value, initial });
  };
  const set: Form<Values>['set'] = (path, value) => changeTo(path, value);
  const showProblems: Form<Values>['showProblems'] = (problems, refusal) => dispatch({ type: 'problemsShown', problems, refusal });

  async function submit(event?: FormEvent<HTMLFormElement>): Promise<void> {
    event?.preventDefault();
    if (event) formElement.current = event.currentTarget;
    if (state.sending || !ready) return;
    const payload = payloadOf(values);
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    if (schema) {
      const own = problemsFromSchema(schema, payload, '', rename);
      if (Object.keys(own).length > 0) {
        showProblems(own);
        if (focusProblems) focusFirstProblem();
        return;
      }
    }
    dispatch({ type: 'sendingStarted' });
    try {
      await options.send?.(schema ? schema.parse(payload) : (payload as Payload));
      options.onSent?.();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      // Every form says when the server failed or did not answer; other refusals only where the form asks.
      const refusal = fieldErrors.length > 0 ? undefined : (serverFailureOf(error) ?? options.refusalOf?.(error));
      showProblems(fieldErrors.length > 0 ? problemsFromApi(fieldErrors, rename) : {}, refusal);
      if (focusProblems) focusFirstProblem();
      options.onFailed?.(error);
    } finally {
      dispatch({ type: 'sendingEnded' });
    }
  }

  return {
    values,
    edited: changed ? values : undefined,
    problems: state.problems,
    sending: state.sending,
    ready,
    elsewhere: [...(state.refusal ? [state.refusal] : []), ...elsewhere].map((problem) => problemText(problem, language)),
    idOf,
    errorOf,
    set,
    update: (edit) => dispatch({ type: 'edited', edit, initial }),
    restart: () => dispatch({ type: 'restarted' }),
    showProblems,
    clearProblem: (path) => dispatch({ type: 'problemCleared', path }),
    field: (path) => ({
      id: idOf(path),
      name: path,
      value: String(valueAt(values, path) ?? ''),
      onChange: (value) => changeTo(path, value),
      error: errorOf(path),
    }),
    checkbox: (path) => ({
      id: idOf(path),
      name: path,
      checked: valueAt(values, path) === true,
      onChange: (checked) => changeTo(path, checked),
      error: errorOf(path),
    }),
    submit,
    onSubmit: (event) => void submit(event),
  };
}

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
function useFocusOnProblems(container: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const target = problemSelectors.map((selector) => container.current?.querySelector<HTMLElement>(selector)).find(Boolean);
    target?.focus();
  }, [request, container]);
  return useCallback(() => setRequest((count) => count + 1), []);
}
