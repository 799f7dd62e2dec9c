import type { ErrorBody } from '#shared/errors.ts';
import type { z } from 'zod';
import { problemsFromApi, problemsFromSchema, type Problems } from '#client/ui/form/problems.ts';
import { earlier, type CheckoutStep } from './checkout-steps.ts';

/**
 * Which checkout step shows which field, so an error sends the visitor to the step where
 * it can be mended. Field paths are the server's (`invoiceAddress.zip`).
 */

/** The server may name an address's country by `country`; the form shows it in the code select. */
function normalizeField(field: string): string {
  return field.replace(/^(address|invoiceAddress)\.country$/, '$1.countryCode');
}

/** The step whose form shows a field, or undefined for none. */
export function stepOfField(field: string): CheckoutStep | undefined {
  switch (field.split('.')[0]) {
    case 'company':
      return 'invoiceInfo';
    case 'address':
      return 'address';
    case 'invoiceAddress':
    case 'invoiceAddressSameAsAddress':
      return 'billingAddress';
    case 'contact':
      return 'contact';
    case 'agreeWithLegalTexts':
      return 'review';
    case 'captchaSolution':
      return 'confirmation';
    default:
      return undefined;
  }
}

/** The server's field errors, at the fields the checkout shows them. */
export function checkoutProblemsFromApi(errors: NonNullable<ErrorBody['errors']>): Problems {
  return problemsFromApi(errors, normalizeField);
}

/** One section checked with its shared schema, its problems under `prefix` (`address.zip`). */
export function sectionProblems(schema: z.ZodType, value: unknown, prefix: string): Problems {
  return problemsFromSchema(schema, value, prefix, normalizeField);
}

/** The earliest step that has an error, if any error belongs to a step. */
export function earliestStep(fields: Problems): CheckoutStep | undefined {
  return Object.keys(fields)
    .map(stepOfField)
    .reduce<CheckoutStep | undefined>((found, step) => (step && found ? earlier(found, step) : (step ?? found)), undefined);
}
