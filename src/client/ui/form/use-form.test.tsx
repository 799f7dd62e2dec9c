// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, NoAnswerError } from '#client/lib/api.ts';
import { useForm, type FormOptions } from './use-form.ts';
import { inEveryLanguage } from '../../../../tests/helpers/languages.ts';

const schema = z.object({ email: z.email({ error: 'error.invalidEmail' }), address: z.object({ zip: z.string().min(1) }) });
type Values = { email: string; address: { zip: string } };
const initial: Values = { email: '', address: { zip: '' } };

function renderForm(options: Partial<FormOptions<Values, z.output<typeof schema>>> = {}) {
  return renderHook((props: { language: 'en-US' | 'de-CH'; initial: Values }) => useForm({ schema, send: async () => {}, ...options, ...props }), {
    initialProps: { language: 'en-US', initial: options.initial ?? initial },
  });
}

describe('useForm', () => {
  it('binds fields by dotted path and follows newer initial values in every field the visitor has not changed', () => {
    const { result, rerender } = renderForm({ idPrefix: 'signup' });
    expect(result.current.field('address.zip')).toMatchObject({ id: 'signup-address-zip', name: 'address.zip', value: '', error: undefined });
    expect(result.current.edited).toBeUndefined();
    rerender({ language: 'en-US', initial: { email: 'from@server.ch', address: { zip: '3000' } } });
    expect(result.current.values.email).toBe('from@server.ch');
    act(() => result.current.field('address.zip').onChange('8001'));
    rerender({ language: 'en-US', initial: { email: 'newer@server.ch', address: { zip: '3000' } } });
    expect(result.current.values).toEqual({ email: 'newer@server.ch', address: { zip: '8001' } });
    expect(result.current.edited).toEqual(result.current.values);
  });

  it('never lets a late answer overwrite what was typed: typed first, the data the initial values come from arriving after', () => {
    const { result, rerender } = renderForm();
    act(() => result.current.field('email').onChange('typed@b.ch'));
    rerender({ language: 'en-US', initial: { email: 'late@server.ch', address: { zip: '3000' } } });
    expect(result.current.values).toEqual({ email: 'typed@b.ch', address: { zip: '3000' } });
    // Typed back to empty is still typed.
    act(() => result.current.field('email').onChange(''));
    rerender({ language: 'en-US', initial: { email: 'later@server.ch', address: { zip: '3000' } } });
    expect(result.current.field('email').value).toBe('');
  });

  it('checks the payload with the shared schema before sending, and says the problems in the language of the moment', async () => {
    const send = vi.fn(async () => {});
    const { result, rerender } = renderForm({ send });
    act(() => result.current.set('email', 'anna@'));
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errorOf('email')).toBe('Please enter a valid e-mail address.');
    expect(result.current.field('address.zip').error).toBe('This field is required.');
    rerender({ language: 'de-CH', initial });
    expect(result.current.errorOf('address.zip')).toBe('Dieses Feld ist erforderlich.');
    // Changing a field takes its problem away.
    act(() => result.current.set('address.zip', '8001'));
    expect(result.current.errorOf('address.zip')).toBeUndefined();
  });

  it('sends the parsed payload and puts the field errors of a 400 at their fields, the others above them', async () => {
    const other = { field: 'language', code: 'invalid', messagesByLanguage: inEveryLanguage({ 'en-US': 'Other.', 'de-CH': 'Anderes.' }) };
    const send = vi.fn(async () => {
      throw new ApiError(400, { errors: [{ field: 'zip', code: 'invalid', messagesByLanguage: inEveryLanguage({ 'en-US': 'Bad zip.', 'de-CH': 'Falsche PLZ.' }) }, other] });
    });
    const onFailed = vi.fn();
    const { result } = renderForm({
      send,
      onFailed,
      rename: (path) => (path === 'zip' ? 'address.zip' : path),
      initial: { email: 'anna@example.ch', address: { zip: '8001' } },
    });
    await act(() => result.current.submit());
    expect(send).toHaveBeenCalledWith({ email: 'anna@example.ch', address: { zip: '8001' } });
    expect(result.current.errorOf('address.zip')).toBe('Bad zip.');
    expect(result.current.elsewhere).toEqual(['Other.']);
    expect(result.current.sending).toBe(false);
    expect(onFailed).toHaveBeenCalledWith(expect.any(ApiError));
  });

  it('says a refusal without field errors above the fields, first, and only where the form asks for it', async () => {
    const conflict = new ApiError(409, { error: { code: 'conflict', messagesByLanguage: inEveryLanguage({ 'en-US': 'Changed meanwhile.', 'de-CH': 'Inzwischen geändert.' }) } });
    const refusing = renderForm({
      send: async () => Promise.reject(conflict),
      refusalOf: (error) => (error instanceof ApiError && error.body.error ? { messagesByLanguage: error.body.error.messagesByLanguage } : undefined),
      initial: { email: 'anna@example.ch', address: { zip: '8001' } },
    });
    await act(() => refusing.result.current.submit());
    expect(refusing.result.current.elsewhere).toEqual(['Changed meanwhile.']);

    const silent = renderForm({ send: async () => Promise.reject(conflict), initial: { email: 'anna@example.ch', address: { zip: '8001' } } });
    await act(() => silent.result.current.submit());
    expect(silent.result.current.elsewhere).toEqual([]);
  });

  it.each([
    ['answers 5xx', new ApiError(503, {})],
    ['does not answer', new NoAnswerError(new TypeError('Failed to fetch'))],
  ])('says so above the fields when the server %s, before the form\'s own refusal, and keeps the values', async (_case, failure) => {
    const typed = { email: 'anna@example.ch', address: { zip: '8001' } };
    const { result, rerender } = renderForm({ send: async () => Promise.reject(failure), refusalOf: () => ({ key: 'error.invalid' }) });
    act(() => result.current.update(() => typed));
    await act(() => result.current.submit());
    expect(result.current.elsewhere).toEqual(['Something went wrong on our side. Please try again; nothing was sent.']);
    expect(result.current.values).toEqual(typed);
    expect(result.current.sending).toBe(false);
    rerender({ language: 'de-CH', initial });
    expect(result.current.elsewhere).toEqual(['Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.']);
  });

  it('waits until it may be sent, and shows problems found outside the form at its fields', async () => {
    const send = vi.fn(async () => {});
    const { result } = renderForm({ send, canSend: (values) => values.email !== '', outsideProblems: { 'address.zip': { key: 'error.invalid' } } });
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errorOf('address.zip')).toBe('This value is not valid.');
  });

  it('drops what was typed when the thing it started from changes', () => {
    const { result, rerender } = renderHook((props: { startOverOn: string }) => useForm({ language: 'en-US', initial, startOverOn: props.startOverOn }), {
      initialProps: { startOverOn: 'first' },
    });
    act(() => result.current.set('email', 'typed@b.ch'));
    rerender({ startOverOn: 'first' });
    expect(result.current.values.email).toBe('typed@b.ch');
    rerender({ startOverOn: 'second' });
    expect(result.current.edited).toBeUndefined();
  });
});
