import type { z } from 'zod';
import type { MessageKey, MessageParams, MessagesByLanguage } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { fieldErrorsOf } from '#shared/schemas/validation.ts';
import type { ApiFieldError } from '#client/lib/api.ts';

/**
 * Errors of the checkout forms: a catalogue key from our own check (the shared schemas,
 * so the texts are the server's) or the server's texts in every language (SPEC §5).
 * Field errors are keyed by the server's dotted path (`invoiceAddress.zip`); errors that
 * no visible field can show are listed at the top of the step.
 */
export type Problem = { key: MessageKey; params?: MessageParams } | { messagesByLanguage: MessagesByLanguage };

export interface Problems {
  fields: Record<string, Problem>;
  general: Problem[];
}

export const noProblems: Problems = { fields: {}, general: [] };

export function problemText(problem: Problem, language: Language, t: (key: MessageKey, params?: MessageParams) => string): string {
  return 'key' in problem ? t(problem.key, problem.params) : problem.messagesByLanguage[language];
}

/** The server may name an address's country by `country`; the form shows it in the code select. */
function normalizeField(field: string): string {
  return field.replace(/^(address|invoiceAddress)\.country$/, '$1.countryCode');
}

/** The step (SPEC §2 step number) whose form shows a field, or undefined for none. */
export function stepOfField(field: string): number | undefined {
  switch (field.split('.')[0]) {
    case 'company':
      return 0;
    case 'address':
      return 1;
    case 'invoiceAddress':
    case 'invoiceAddressSameAsAddress':
      return 2;
    case 'contact':
      return 3;
    case 'agreeWithLegalTexts':
      return 4;
    case 'captchaSolution':
      return 5;
    default:
      return undefined;
  }
}

/** The server's field errors, by field. */
export function problemsFromApi(errors: readonly ApiFieldError[]): Record<string, Problem> {
  const fields: Record<string, Problem> = {};
  for (const error of errors) fields[normalizeField(error.field)] ??= { messagesByLanguage: error.messagesByLanguage };
  return fields;
}

/**
 * Checks one section with its shared schema (`companySchema`, `addressSchema`,
 * `contactSchema`), so the form says what the server would; the errors are keyed under
 * `prefix` (`address.zip`).
 */
export function problemsFromSchema(schema: z.ZodType, value: unknown, prefix: string): Record<string, Problem> {
  const checked = schema.safeParse(value, { reportInput: true });
  if (checked.success) return {};
  const fields: Record<string, Problem> = {};
  for (const error of fieldErrorsOf(checked.error)) {
    const field = normalizeField(error.field ? `${prefix}.${error.field}` : prefix);
    fields[field] ??= { key: error.message, ...(error.params ? { params: error.params } : {}) };
  }
  return fields;
}

/** The earliest step that has an error, if any error belongs to a step. */
export function earliestStep(fields: Record<string, Problem>): number | undefined {
  const steps = Object.keys(fields)
    .map(stepOfField)
    .filter((step): step is number => step !== undefined);
  return steps.length > 0 ? Math.min(...steps) : undefined;
}
