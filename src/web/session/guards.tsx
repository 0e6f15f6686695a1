import { Navigate, Outlet, useLocation } from 'react-router';
import { loginRedirectState } from './login-redirect';
import { useSession } from './session';

/** Pages that need a signed-in user: without a token, go to /login and come back afterwards (SPEC §6). */
export function RequireAuth() {
  const { isSignedIn } = useSession();
  const location = useLocation();
  if (!isSignedIn) {
    return (
      <Navigate
        to="/login"
        replace
        state={loginRedirectState(`${location.pathname}${location.search}${location.hash}`)}
      />
    );
  }
  return <Outlet />;
}

/** Admin pages: anyone who is not an admin goes home, replacing the history entry (SPEC §6). */
export function RequireAdmin() {
  const { isSignedIn, isAdmin } = useSession();
  if (!isSignedIn || !isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
