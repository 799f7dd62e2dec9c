import type { z } from 'zod';
import type { FieldError, FieldErrorCode } from '../errors.ts';
import type { MessageKey, MessageParams } from '../i18n/catalogue.ts';

/**
 * Turns Zod issues into field errors with catalogue keys, so that the server's 400 body
 * and the form's own checks say exactly the same thing. A schema picks a specific text
 * by giving a catalogue key as its message (`{ error: 'error.phoneFormat' }`); the code
 * comes from the kind of issue alone, always one of src/shared/errors.ts.
 * Zod leaves an issue's input out unless parsing with `{ reportInput: true }`; the
 * mapping needs it to tell a missing value ("required") from a wrong one. The server
 * reads it off the request at the issue's path, so a refinement of ours names that
 * value as its issue's `input` (Zod would put the whole object there).
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
  /** The values an `invalid_value` issue allows. */
  values?: readonly unknown[];
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

interface IssueDescription {
  code: FieldErrorCode;
  message: MessageKey;
  params?: MessageParams;
}

/**
 * The field error of an issue: the code always from the one mapping below (the library's
 * own codes never reach a client), the text the schema's own where it names one.
 */
function describeIssue(issue: IssueLike): IssueDescription {
  const described = describeByKind(issue);
  if (!isSchemaMessageKey(issue.message)) return described;
  const params = messageParamsOf(issue.params);
  return { code: described.code, message: issue.message, ...(params ? { params } : {}) };
}

/** Each kind of Zod issue as one of our codes (src/shared/errors.ts), with the text that says it. */
function describeByKind(issue: IssueLike): IssueDescription {
  // A value left out; for a refinement of ours also an empty text, which it refuses for want of one.
  if (issue.input === undefined || issue.input === null || (issue.code === 'custom' && issue.input === '')) return { code: 'required', message: 'error.required' };
  switch (issue.code) {
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
      // A box that must be ticked (an agreement), left unticked, is an answer missing.
      return issue.values?.length === 1 && issue.values[0] === true && issue.input === false
        ? { code: 'required', message: 'error.required' }
        : { code: 'invalidOption', message: 'error.invalidOption' };
    case 'invalid_format':
      return issue.format === 'email' ? { code: 'invalidEmail', message: 'error.invalidEmail' } : { code: 'invalid', message: 'error.invalid' };
    default:
      // invalid_type, custom, invalid_union, unrecognized_keys and the rest.
      return { code: 'invalid', message: 'error.invalid' };
  }
}

/** The string and number parameters of a custom issue; others cannot go into a text. */
function messageParamsOf(params: Record<string, unknown> | undefined): MessageParams | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
