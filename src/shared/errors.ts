import type { MessageKey, MessageParams, MessagesByLanguage } from './i18n/catalogue.ts';

/** Error codes of the API and the HTTP status each one answers with (docs/product/api-conventions.md). */
const errorStatus = {
  validation: 400,
  malformedJson: 400,
  /** A JSON body whose objects and arrays nest deeper than any form of ours (src/server/plugins/json-body.ts). */
  nestedTooDeeply: 400,
  /** A request the HTTP layer cannot read: a malformed address or request line. */
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  xsrf: 403,
  /** A staff-only call under STAFF_MFA=required by a staff member without a second factor. */
  secondFactorRequired: 403,
  notFound: 404,
  methodNotAllowed: 405,
  /** The client took too long to send its request. */
  requestTimeout: 408,
  conflict: 409,
  payloadTooLarge: 413,
  uriTooLong: 414,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  headersTooLarge: 431,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/**
 * The codes of field errors, with when each is given: the only codes a 400 with `errors`
 * carries (docs/product/api-conventions.md#errors). The OpenAPI document lists them; the
 * shared schemas' issues are mapped onto them in one place (src/shared/schemas/validation.ts).
 */
export const fieldErrorCodes = {
  required: 'a value is missing or empty',
  invalid: 'the value does not have the form the field needs',
  invalidOption: 'the value is not one of the options of the field',
  invalidEmail: 'not an e-mail address',
  tooShort: 'a text shorter than the field allows',
  tooLong: 'a text longer than the field allows',
  tooSmall: 'a number or date below what the field allows',
  tooBig: 'a number, date, amount or list above what the field allows',
  tooLarge: 'a file larger than the field allows',
  invalidCharacters: 'a NUL character or half of a UTF-16 surrogate pair, text the database cannot store',
  unknownProduct: 'no product has this code',
  taken: 'another record already uses this value',
  past: 'a time that has already passed',
  wrongPassword: 'the e-mail address and password do not match a staff account',
  wrongCode: 'a wrong or used second-factor code',
  expired: 'the anti-robot verification has expired',
  wrongSiteKey: 'the anti-robot verification was made for another form',
  used: 'the anti-robot verification has been used already',
} as const;
export type FieldErrorCode = keyof typeof fieldErrorCodes;

/** One field error of a validation failure; `field` is a dotted path (`invoiceAddress.zip`). */
export interface FieldError {
  field: string;
  code: FieldErrorCode;
  message: MessageKey;
  params?: MessageParams;
}

/**
 * The one error type services throw. It carries a code and a message key; the server's
 * error handler turns it into a body with `messagesByLanguage`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: MessageKey;
  readonly params: MessageParams | undefined;
  readonly fieldErrors: FieldError[];
  /** Headers the answer carries besides the body (`retry-after` of a 429). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    messageKey?: MessageKey,
    options: { params?: MessageParams; fieldErrors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    const key = messageKey ?? (`error.${code}` as MessageKey);
    super(key);
    this.name = 'AppError';
    this.code = code;
    this.messageKey = key;
    this.params = options.params;
    this.fieldErrors = options.fieldErrors ?? [];
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorStatus[this.code];
  }

  static validation(fieldErrors: FieldError[]): AppError {
    return new AppError('validation', 'error.validation', { fieldErrors });
  }

  static field(field: string, code: FieldErrorCode, message: MessageKey, params?: MessageParams): AppError {
    return AppError.validation([{ field, code, message, ...(params ? { params } : {}) }]);
  }
}

/** An error answer as it travels: 400 with `errors`, any other failure with `error`. */
export interface ErrorBody {
  errors?: { field: string; code: string; messagesByLanguage: MessagesByLanguage }[];
  error?: { code: string; messagesByLanguage: MessagesByLanguage };
}
