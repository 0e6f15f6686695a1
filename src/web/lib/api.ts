import { apiUrl, type QueryValue } from '@/shared/api-url';
import { TOKEN_HEADER } from '@/shared/shell-constants';
import { layout } from '@/web/i18n/first-screen';
import { language } from '@/web/i18n/language';
import { getSession, signOut } from '@/web/session/session';
import { href } from '@/web/paths';

/** A failed call: `status` is the HTTP status (0 when the server was not reached). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's own `message`, when it sent one; screens fall back to their SPEC text otherwise. */
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined, fallback: string) {
    super(serverMessage ?? fallback);
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/**
 * An answer that came back but says `success: false` (SPEC §8: a failure even with a 200); its message
 * is the server's, or '' when it gave none, so each screen can put its own text in its place.
 */
export class UnsuccessfulAnswer extends Error {
  override readonly name = 'UnsuccessfulAnswer';
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (uploads); the browser sets the boundary. */
  formData?: FormData;
  /** Empty, null and undefined values are left out, so callers can pass their filters as they are. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign(href.login());
};

/**
 * What to do after a 401 has cleared the session; the router installs a navigation that remembers
 * the current page, so signing in again leads back to it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return await response.json();
    } catch {
      return undefined;
    }
  }
  const text = await response.text();
  return text === '' ? undefined : text;
}

function serverMessageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.query);
  const { token } = getSession();
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  // The API answers its messages in the page's language.
  headers.set('accept-language', language);
  if (token) headers.set(TOKEN_HEADER, token);

  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined, layout.networkError);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    // A 401 for a request that carried a token means the session is over (expired, revoked). A 401 without
    // one is an answer about the request itself (a wrong password), which the screen shows.
    if (response.status === 401 && token) {
      signOut();
      onUnauthorized();
    }
    // The fallback text comes with the other pages' texts: the first screen does not carry them.
    const { messages } = await import('@/web/i18n/messages');
    throw new ApiError(response.status, serverMessageOf(payload), messages.errors.internal);
  }
  return payload as T;
}

/** The one client for the shop's API: base /api, JSON in and out, the session token in the `token` header. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body' | 'formData'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
