import { createTranslator, type Phrase, type Translator } from '@/shared/translate';

/** The kinds of failure a caller can cause or meet, each with its HTTP status (DESIGN §2). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  GONE: 410,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const english = createTranslator('en');

/**
 * Thrown by services; the error handler turns it into `{ success: false, message }` with its status.
 * It carries a text of the English dictionary and its values (`phrase`), so the answer is said in the
 * caller's language at the edge; `message` is the English text, for logs and for English callers.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly phrase: Phrase;

  constructor(code: ErrorCode, template: string, values?: Phrase['values']) {
    const phrase: Phrase = values ? { template, values } : { template };
    super(values ? english.phrase(phrase) : template);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.phrase = phrase;
  }

  /** The answer's `message` in the caller's language (the error handler's). */
  saidIn(translator: Translator): string {
    return translator.phrase(this.phrase);
  }
}
