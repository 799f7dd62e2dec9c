import { z } from 'zod';
import { fieldErrorCodes, type ErrorBody, type FieldErrorCode } from '../errors.ts';
import { messagesByLanguageSchema } from './forms.ts';

/**
 * The two error bodies of the API (docs/product/api-conventions.md#errors): a validation
 * failure names each refused field; every other failure carries one error. The server's
 * error handler (src/server/plugins/errors.ts) builds them; the OpenAPI document lists them.
 */
export const fieldErrorsBodySchema = z.object({
  errors: z
    .array(
      z.object({
        field: z.string().describe('Dotted path of the field in the body, query or path (`invoiceAddress.zip`, `topicIds.2`)'),
        code: z.enum(Object.keys(fieldErrorCodes) as [FieldErrorCode, ...FieldErrorCode[]]).describe(
          `What is wrong with the field: ${Object.entries(fieldErrorCodes)
            .map(([code, when]) => `\`${code}\` ${when}`)
            .join('; ')}.`,
        ),
        messagesByLanguage: messagesByLanguageSchema,
      }),
    )
    .min(1),
}) satisfies z.ZodType<Required<Pick<ErrorBody, 'errors'>>>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('`notFound`, `conflict`, `xsrf`, … (one code per case)'),
    messagesByLanguage: messagesByLanguageSchema,
  }),
}) satisfies z.ZodType<Required<Pick<ErrorBody, 'error'>>>;
