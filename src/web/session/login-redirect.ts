/** Navigation state that carries the page a visitor wanted, so signing in leads back to it. */
import { href, paths } from '@/web/paths';
export interface LoginRedirectState {
  from?: string;
}

export function loginRedirectState(from: string): LoginRedirectState {
  return { from };
}

/**
 * Where to go after signing in: the remembered page when it is one of ours, else home (SPEC §2's /),
 * which for an admin is the dashboard: the storefront is not where she works.
 */
export function redirectTargetOf(state: unknown, { admin = false } = {}): string {
  const home = admin ? href.adminDashboard() : href.home();
  const from = typeof state === 'object' && state !== null ? (state as LoginRedirectState).from : undefined;
  // Only same-site paths: a crafted state must not send a shopper to another site or back to /login.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return home;
  if (from === paths.login || from === paths.register) return home;
  return from;
}
