import { describe, expect, it } from 'vitest';
import { fieldOfProblem, formReducer, initialFormState, placeProblems, valueAt, valuesOf, withValueAt, type FormState } from './form-state.ts';
import { inEveryLanguage } from '../../../../tests/helpers/languages.ts';

const initial = { email: '', address: { zip: '', city: '' }, topicIds: [] as string[], agree: false };
type Values = typeof initial;
const required = { key: 'error.required' } as const;

describe('formReducer', () => {
  it('starts from the initial values, changes one field by its dotted path and takes its problem away', () => {
    let state: FormState<Values> = { ...initialFormState<Values>(), problems: { 'address.zip': required, email: required } };
    state = formReducer(state, { type: 'changed', path: 'address.zip', value: '8001', initial });
    expect(valuesOf(initial, state.changes)).toEqual({ ...initial, address: { zip: '8001', city: '' } });
    expect(state.problems).toEqual({ email: required });
    // The initial values are not touched.
    expect(initial.address.zip).toBe('');
  });

  it('edits several fields at once from what is shown, and restarts from the initial values', () => {
    let state = formReducer(initialFormState<Values>(), { type: 'edited', edit: (values) => ({ ...values, email: 'a@b.ch', agree: true }), initial });
    expect(state.changes).toEqual({ email: 'a@b.ch', agree: true });
    state = formReducer(state, { type: 'restarted' });
    expect(state.changes).toEqual({});
    expect(formReducer(state, { type: 'restarted' })).toBe(state);
  });

  it('starts with restored values as changed, every field of them', () => {
    const restored = initialFormState({ ...initial, email: 'kept@b.ch' });
    expect(restored.changes).toEqual({ email: 'kept@b.ch', 'address.zip': '', 'address.city': '', topicIds: [], agree: false });
    expect(valuesOf({ ...initial, email: 'newer@b.ch' }, restored.changes).email).toBe('kept@b.ch');
  });

  it('keeps what the visitor changed when newer initial values arrive, and fills every other field from them', () => {
    let state = formReducer(initialFormState<Values>(), { type: 'changed', path: 'email', value: 'typed@b.ch', initial });
    state = formReducer(state, { type: 'changed', path: 'address.city', value: 'Bern', initial });
    const late = { email: 'late@b.ch', address: { zip: '3000', city: 'Zürich' }, topicIds: ['t1'], agree: false };
    expect(valuesOf(late, state.changes)).toEqual({ email: 'typed@b.ch', address: { zip: '3000', city: 'Bern' }, topicIds: ['t1'], agree: false });
    // An object changed as a whole replaces the changes inside it.
    state = formReducer(state, { type: 'changed', path: 'address', value: { zip: '8001', city: 'Zürich' }, initial });
    expect(state.changes).toEqual({ email: 'typed@b.ch', address: { zip: '8001', city: 'Zürich' } });
  });

  it('shows problems and a refusal, also as a change of the current problems, and sending clears them', () => {
    let state = formReducer(initialFormState<Values>(), { type: 'problemsShown', problems: { email: required }, refusal: { key: 'error.invalid' } });
    expect(state.refusal).toEqual({ key: 'error.invalid' });
    state = formReducer(state, { type: 'problemsShown', problems: (current) => ({ ...current, 'address.city': required }) });
    expect(Object.keys(state.problems)).toEqual(['email', 'address.city']);
    expect(state.refusal).toBeUndefined();
    state = formReducer(state, { type: 'problemCleared', path: 'email' });
    expect(Object.keys(state.problems)).toEqual(['address.city']);
    state = formReducer(state, { type: 'sendingStarted' });
    expect(state).toMatchObject({ sending: true, problems: {}, refusal: undefined });
    expect(formReducer(state, { type: 'sendingEnded' }).sending).toBe(false);
  });
});

describe('dotted paths', () => {
  it('reads and writes a value by its path, copying only the objects along it', () => {
    expect(valueAt(initial, 'address.zip')).toBe('');
    expect(valueAt(initial, 'address.street.name')).toBeUndefined();
    const next = withValueAt(initial, 'address.city', 'Bern');
    expect(next.address).toEqual({ zip: '', city: 'Bern' });
    expect(next.topicIds).toBe(initial.topicIds);
  });

  it('shows a problem at the longest part of its path that is a field, else above the fields', () => {
    expect(fieldOfProblem('topicIds.2', initial)).toBe('topicIds');
    expect(fieldOfProblem('address.zip', initial)).toBe('address.zip');
    expect(fieldOfProblem('address', initial)).toBeUndefined();
    expect(fieldOfProblem('captchaSolution', initial)).toBeUndefined();
    expect(fieldOfProblem('captchaSolution', initial, ['captchaSolution'])).toBe('captchaSolution');

    const other = { messagesByLanguage: inEveryLanguage({ 'en-US': 'Other.', 'de-CH': 'Anderes.' }) };
    const placed = placeProblems({ 'topicIds.2': required, 'topicIds.3': { key: 'error.invalid' }, somethingElse: other }, initial);
    expect(placed).toEqual({ atFields: { topicIds: required }, elsewhere: [other] });
  });
});
