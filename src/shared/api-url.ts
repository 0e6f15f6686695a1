/** What a query parameter may hold; empty, null and undefined values are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

const API_BASE = '/api';

/**
 * The URL of an API call, its parameters in the order given. The storefront's client builds every
 * request with it, and the server checks a listing's first-screen query through it as the route would
 * receive it (src/server/catalog/first-screen.ts).
 */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
