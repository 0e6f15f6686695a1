/** Generic answers of the API's error handler, for requests no feature answered in its own words. */
export const errors = {
  notFound: 'Not found',
  routeNotFound: 'Route {method} {url} not found',
  badRequest: 'Bad request',
  badUrl: 'The address is not valid: check its percent-encoding',
  /** Node's own refusals, before a request is read: its address and headers over 16 kB (431), too slow (408). */
  headersTooLarge: 'The request’s address or headers are too long',
  requestTimeout: 'The request took too long to arrive. Please try again.',
  invalidField: '{field}: {rule}',
  /** PostgreSQL's text cannot hold U+0000, so no field may carry one. */
  nulCharacter: '{field} must not contain a NUL character',
  /** Half of a character (an unpaired UTF-16 surrogate): PostgreSQL's json cannot hold one. */
  loneSurrogate: '{field} must not contain half a character (a lone surrogate, \\ud800 to \\udfff)',
  textTooLong: '{field} must be at most {max} characters',
  numberTooLarge: '{field} must be at most {max}',
  // The rules of the query parameters and ids every list and path shares
  pageRule: 'page must be a whole number of at least 1',
  limitRule: 'limit must be a whole number from 1 to {max}',
  notNegative: '{field} must be a number of at least 0',
  moneyFormat: '{field} must be an amount written in digits with at most 2 decimals, such as 450 or 450.50',
  oneOf: '{field} must be one of {values}',
  invalidId: 'Invalid id',
  variantIdRule: 'id must be a variant id',
  internal: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please slow down and try again in a minute.',
  payloadTooLarge: 'The upload is too large',
  unsupportedMediaType: 'Unsupported content type',
  // Fastify's own refusals of a body it cannot read, in its words (what English callers have always
  // read): being dictionary texts, they are said in the caller's language like ours.
  emptyJsonBody: "Body cannot be empty when content-type is set to 'application/json'",
  invalidJsonBody: "Body is not valid JSON but content-type is set to 'application/json'",
  contentLengthMismatch: 'Request body size did not match Content-Length',
  // What zod's own generic refusals say (for input no form sends: a JSON body of the wrong shape), in
  // zod's English words: English callers read zod's message itself, other languages these texts.
  // (Its bare 'Invalid input' is not one of them: a dictionary text would stand without its field.)
  inputWrongType: 'Invalid input: expected {expected}, received {received}',
  inputMissing: 'Invalid input: expected {expected}, received undefined',
  inputTooBig: 'Too big: expected {origin} to be at most {maximum}',
  inputTooSmall: 'Too small: expected {origin} to be at least {minimum}',
  inputNotAllowed: 'Invalid option: expected one of {values}',
  inputUnknownKeys: 'Unrecognized keys: {keys}',
  inputInvalid: 'The input is not valid',
  /** /api/health's answer, for whoever watches the shop: names what is wrong. */
  databaseUnavailable: 'The database is not reachable',
  /** Any other request while the database is restarting or unreachable (503): for a shopper, it passes. */
  shopBusy: 'The shop is busy, please try again in a moment.',
  fileLinkInvalid: 'This link is invalid or has expired',
  /** A backup link works once (issue 35): a second use, or a copy of it, gets this. */
  backupLinkUsed:
    'This backup link has been used already. Ask for a new one with the Download backup button.',
  fileNotFound: 'File not found',
} as const;
