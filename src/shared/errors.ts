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

/** One field error of a validation failure; `field` is a dotted path (`invoiceAddress.zip`). */
export interface FieldError {
  field: string;
  code: string;
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

  static field(field: string, code: string, message: MessageKey, params?: MessageParams): AppError {
    return AppError.validation([{ field, code, message, ...(params ? { params } : {}) }]);
  }
}

/** An error answer as it travels: 400 with `errors`, any other failure with `error`. */
export interface ErrorBody {
  errors?: { field: string; code: string; messagesByLanguage: MessagesByLanguage }[];
  error?: { code: string; messagesByLanguage: MessagesByLanguage };
}
