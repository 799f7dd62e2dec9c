import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { fieldErrorsOf } from '#shared/schemas/validation.ts';

/**
 * Parses a payload with a shared schema; on failure throws the 400 of DESIGN.md §6 with
 * one error per field. Route handlers call it for body, params and query alike.
 */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw AppError.validation(fieldErrorsOf(result.error));
  return result.data;
}
