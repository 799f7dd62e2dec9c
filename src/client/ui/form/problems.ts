import type { z } from 'zod';
import type { ErrorBody } from '#shared/errors.ts';
import type { MessageKey, MessageParams, MessagesByLanguage } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { fieldErrorsOf } from '#shared/schemas/validation.ts';
import { ApiError, isServerFailure } from '#client/lib/api.ts';

/**
 * What a form says is wrong with a field: a catalogue key from our own check with the
 * shared schema (so the text is the server's), or the server's text in every language.
 * Either way it is shown in the language of the moment, even after a switch. Problems
 * are keyed by the field's dotted path (`invoiceAddress.zip`), as the server names them.
 */
export type Problem = { key: MessageKey; params?: MessageParams } | { messagesByLanguage: MessagesByLanguage };
export type Problems = Record<string, Problem>;

export function problemText(problem: Problem, language: Language): string {
  return 'key' in problem ? translate(language, problem.key, problem.params) : problem.messagesByLanguage[language];
}

/**
 * Checks a value with its shared schema, as the server will; the problems are keyed under
 * `prefix` when the value is one section of a larger payload (`address` → `address.zip`).
 * `rename` maps a field to the one the form shows it at.
 */
export function problemsFromSchema(schema: z.ZodType, value: unknown, prefix = '', rename: (field: string) => string = (field) => field): Problems {
  const checked = schema.safeParse(value, { reportInput: true });
  if (checked.success) return {};
  const problems: Problems = {};
  for (const error of fieldErrorsOf(checked.error)) {
    const path = [prefix, error.field].filter(Boolean).join('.');
    problems[rename(path)] ??= { key: error.message, ...(error.params ? { params: error.params } : {}) };
  }
  return problems;
}

/** The field errors of a 400 answer, keyed by field (the first one per field). */
export function problemsFromApi(errors: NonNullable<ErrorBody['errors']>, rename: (field: string) => string = (field) => field): Problems {
  const problems: Problems = {};
  for (const error of errors) problems[rename(error.field)] ??= { messagesByLanguage: error.messagesByLanguage };
  return problems;
}

/**
 * What every form says when the server failed (a 5xx) or did not answer: the visitor did
 * nothing wrong, what they typed is still there, and sending again may work. Undefined
 * for any other failure.
 */
export function serverFailureOf(error: unknown): Problem | undefined {
  return isServerFailure(error) ? { key: 'forms.serverFailed' } : undefined;
}

/** The server's reason for refusing a call (its error's texts), else `otherwise`: what a form says above its fields. */
export function refusalOf(error: unknown, otherwise: Problem): Problem;
export function refusalOf(error: unknown, otherwise?: Problem): Problem | undefined;
export function refusalOf(error: unknown, otherwise?: Problem): Problem | undefined {
  return error instanceof ApiError && error.body.error ? { messagesByLanguage: error.body.error.messagesByLanguage } : otherwise;
}

/** The problems without the one of `field`; the same object when it had none (no re-render). */
export function withoutProblem(problems: Problems, field: string): Problems {
  if (!problems[field]) return problems;
  const next = { ...problems };
  delete next[field];
  return next;
}
