import type { z } from 'zod';
import type { FieldError } from '../errors.ts';
import type { MessageKey, MessageParams } from '../i18n/catalogue.ts';

/**
 * Turns Zod issues into field errors with catalogue keys, so that the server's 400 body
 * and the form's own checks say exactly the same thing. A schema picks a specific text
 * by giving a catalogue key as its message (`{ error: 'error.phoneFormat' }`).
 * Zod leaves an issue's input out unless parsing with `{ reportInput: true }`; the
 * mapping needs it to tell a missing value ("required") from a wrong one.
 */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map(fieldErrorOf);
}

/** The part of a Zod issue the mapping reads; Fastify's validation errors carry it too. */
export type IssueLike = Pick<z.core.$ZodIssue, 'code' | 'message' | 'path' | 'input'> & {
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  /** Parameters of the message of a custom issue (`{ example }`). */
  params?: Record<string, unknown>;
};

export function fieldErrorOf(issue: IssueLike): FieldError {
  const field = issue.path.map(String).join('.');
  const { code, message, params } = describeIssue(issue);
  return { field, code, message, ...(params ? { params } : {}) };
}

/**
 * A schema's own message is a key of the errors area (`error.phoneFormat`), which every
 * catalogue has (src/shared/i18n/bundle-keys.test.ts finds each one the browsers' code names);
 * Zod's own messages are sentences. Told apart by their shape, so that this module, which
 * the browser runs too, needs no catalogue.
 */
function isSchemaMessageKey(message: string): message is MessageKey {
  return /^error\.[\w.]+$/.test(message);
}

function describeIssue(issue: IssueLike): { code: string; message: MessageKey; params?: MessageParams } {
  if (isSchemaMessageKey(issue.message)) {
    const params = messageParamsOf(issue.params);
    return { code: issue.code === 'custom' ? 'invalid' : issue.code, message: issue.message, ...(params ? { params } : {}) };
  }
  if (issue.input === undefined || issue.input === null) return { code: 'required', message: 'error.required' };
  switch (issue.code) {
    case 'invalid_type':
      return { code: 'invalid', message: 'error.invalid' };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { code: 'required', message: 'error.required' }
          : { code: 'tooShort', message: 'error.tooShort', params: { min: Number(issue.minimum) } };
      }
      if (issue.origin === 'array') return { code: 'required', message: 'error.required' };
      return { code: 'tooSmall', message: 'error.tooSmall', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { code: 'tooLong', message: 'error.tooLong', params: { max: Number(issue.maximum) } }
        : { code: 'tooBig', message: 'error.tooBig', params: { max: Number(issue.maximum) } };
    case 'invalid_value':
      return { code: 'invalidOption', message: 'error.invalidOption' };
    case 'invalid_format':
      return issue.format === 'email'
        ? { code: 'invalidEmail', message: 'error.invalidEmail' }
        : { code: 'invalid', message: 'error.invalid' };
    default:
      return { code: 'invalid', message: 'error.invalid' };
  }
}

/** The string and number parameters of a custom issue; others cannot go into a text. */
function messageParamsOf(params: Record<string, unknown> | undefined): MessageParams | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
