import { withoutProblem, type Problem, type Problems } from './problems.ts';

/**
 * What a form holds, and the one way it changes (`formReducer`); `useForm` (use-form.ts)
 * runs it. Values are plain objects; a field is named by its dotted path
 * (`address.zip`), the way the server names the field of a problem.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type names the form's values, which `changes` holds by path
export interface FormState<Values> {
  /**
   * What the visitor changed, by the dotted path of each field (`address.zip`), in the
   * order they changed it. Only these fields are theirs: every other field shows the
   * form's initial values of the moment, which may be newer data from the server (a
   * country located, a saved draft, details given earlier) arriving after the visitor
   * started typing. An answer that arrives late therefore fills what is still untouched
   * and never overwrites what was typed.
   */
  changes: Changes;
  /** What is wrong, by the field's dotted path (`address.zip`, `topicIds.2`). */
  problems: Problems;
  /** Why the whole form was refused (not one field), said above the fields. */
  refusal: Problem | undefined;
  sending: boolean;
}

/** The visitor's changes: a dotted path and its value, in the order they were made. */
export type Changes = Readonly<Record<string, unknown>>;

export type FormAction<Values> =
  /** The visitor changed one field: its problem goes. */
  | { type: 'changed'; path: string; value: unknown; initial: Values }
  /** Several fields at once (a box that empties a section, the server's answer to a save): the fields it changes become the visitor's. */
  | { type: 'edited'; edit: (values: Values) => Values; initial: Values }
  /** Back to the initial values. */
  | { type: 'restarted' }
  | { type: 'problemsShown'; problems: Problems | ((current: Problems) => Problems); refusal?: Problem | undefined }
  | { type: 'problemCleared'; path: string }
  /** Sending clears what was wrong before. */
  | { type: 'sendingStarted' }
  | { type: 'sendingEnded' };

/** Values kept from an earlier visit count as the visitor's, every field of them. */
export function initialFormState<Values>(restored?: Values): FormState<Values> {
  return { changes: restored === undefined ? {} : Object.fromEntries(leavesOf(restored)), problems: {}, refusal: undefined, sending: false };
}

/** The values the form shows: `initial` with the visitor's changes over it; `initial` itself while there are none. */
export function valuesOf<Values>(initial: Values, changes: Changes): Values {
  let values = initial;
  for (const [path, value] of Object.entries(changes)) values = withValueAt(values, path, value);
  return values;
}

/** The changes with one more: a change of an object replaces the changes inside it. */
function withChange(changes: Changes, path: string, value: unknown): Changes {
  const kept = Object.entries(changes).filter(([changed]) => changed !== path && !changed.startsWith(`${path}.`));
  return Object.fromEntries([...kept, [path, value]]);
}

export function formReducer<Values>(state: FormState<Values>, action: FormAction<Values>): FormState<Values> {
  switch (action.type) {
    case 'changed':
      return { ...state, changes: withChange(state.changes, action.path, action.value), problems: withoutProblem(state.problems, action.path) };
    case 'edited': {
      const before = valuesOf(action.initial, state.changes);
      const after = action.edit(before);
      let changes = state.changes;
      for (const [path, value] of leavesOf(after)) {
        if (!Object.is(valueAt(before, path), value)) changes = withChange(changes, path, value);
      }
      return { ...state, changes };
    }
    case 'restarted':
      return Object.keys(state.changes).length === 0 ? state : { ...state, changes: {} };
    case 'problemsShown': {
      const problems = typeof action.problems === 'function' ? action.problems(state.problems) : action.problems;
      return { ...state, problems, refusal: action.refusal };
    }
    case 'problemCleared':
      return { ...state, problems: withoutProblem(state.problems, action.path) };
    case 'sendingStarted':
      return { ...state, sending: true, problems: {}, refusal: undefined };
    case 'sendingEnded':
      return { ...state, sending: false };
  }
}

/** Every field of `values` with its dotted path: the values that are not objects of further fields (a list is one field). */
function leavesOf(values: unknown, prefix = ''): [string, unknown][] {
  if (!isPlainObject(values)) return prefix === '' ? [] : [[prefix, values]];
  return Object.entries(values).flatMap(([key, value]) => leavesOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path (`address.zip`); undefined where the path leads nowhere. */
export function valueAt(values: unknown, path: string): unknown {
  let value = values;
  for (const key of path.split('.')) {
    if (!isPlainObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** A copy of `values` with `value` at a dotted path; the objects along the path are copied, the rest is shared. */
export function withValueAt<Values>(values: Values, path: string, value: unknown): Values {
  const [key = '', ...rest] = path.split('.');
  const current: Record<string, unknown> = isPlainObject(values) ? values : {};
  return { ...current, [key]: rest.length === 0 ? value : withValueAt(current[key], rest.join('.'), value) } as Values;
}

/**
 * The field a problem is shown at: the longest leading part of its path that names a
 * field of the form (`topicIds.2` at `topicIds`). A field is a value that is not an
 * object of further fields, or one of `alsoShown` (fields whose value the form does not
 * hold, such as the captcha). Undefined: no field of the form can show it.
 */
export function fieldOfProblem(path: string, values: unknown, alsoShown: readonly string[] = []): string | undefined {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if (alsoShown.includes(candidate)) return candidate;
    const value = valueAt(values, candidate);
    if (value !== undefined && !isPlainObject(value)) return candidate;
  }
  return undefined;
}

/** The problems at the fields that show them (the first one per field), and those no field shows. */
export function placeProblems(problems: Problems, values: unknown, alsoShown: readonly string[] = []): { atFields: Problems; elsewhere: Problem[] } {
  const atFields: Problems = {};
  const elsewhere: Problem[] = [];
  for (const [path, problem] of Object.entries(problems)) {
    const field = fieldOfProblem(path, values, alsoShown);
    if (field === undefined) elsewhere.push(problem);
    else atFields[field] ??= problem;
  }
  return { atFields, elsewhere };
}
