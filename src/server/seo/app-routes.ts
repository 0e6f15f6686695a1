import { APP_PATHS } from '@/shared/app-paths';
import { POLICY_PAGES } from '@/shared/constants';

/** Every route pattern of the web app, split into its segments ('/category/:slug' → ['category', ':slug']). */
function patternsOf(paths: object): string[][] {
  return Object.values(paths).flatMap((value: unknown) => {
    if (typeof value === 'object' && value !== null) return patternsOf(value);
    // '*' is the not-found screen itself; the policy route is one per known page (as the router declares it).
    if (typeof value !== 'string' || value === APP_PATHS.notFound || value === APP_PATHS.policy) return [];
    return [segmentsOf(value)];
  });
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const PATTERNS = [
  ...patternsOf(APP_PATHS),
  ...POLICY_PAGES.map((page) => segmentsOf(APP_PATHS.policy.replace(':page', page))),
];

/**
 * Whether a route of the web app answers `path` (decoded, without its query), as React Router matches
 * it: in any case, a trailing slash ignored, a `:param` any one segment. The address no route answers
 * shows the not-found screen, and the server says 404 with it.
 */
export function isAppRoute(path: string): boolean {
  const segments = segmentsOf(path.toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]),
  );
}
