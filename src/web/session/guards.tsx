import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { orders } from '@/shared/messages/orders';
import { notify } from '@/web/lib/notify';
import { loginRedirectState } from './login-redirect';
import { useSession } from './session';
import { href } from '@/web/paths';

/** The texts of SPEC §8 that tell a visitor why a page sent them to /login. */
export type LoginPrompt = keyof Pick<typeof orders, 'loginToCheckout' | 'authenticationRequired'>;

function ShowLoginPrompt({ prompt }: { prompt: LoginPrompt }) {
  useEffect(() => {
    // The guard is in every first load and the orders texts are not: they come with the next page's code.
    void import('@/web/i18n/messages').then(({ messages: { orders: texts } }) => {
      // The id keeps React's development double effect from showing the message twice.
      notify.error(texts[prompt], { id: prompt });
    });
  }, [prompt]);
  return null;
}

/**
 * Pages that need a signed-in user (SPEC §6): without a token, go to /login, say why with `prompt`
 * (SPEC §8), and come back afterwards. Someone whose session ends while here (logout, a 401) is sent
 * on without the prompt: they did not ask for the page as a visitor.
 */
export function RequireAuth({ prompt }: { prompt: LoginPrompt }) {
  const { isSignedIn } = useSession();
  const location = useLocation();
  const [arrivedSignedOut] = useState(!isSignedIn);
  if (!isSignedIn) {
    return (
      <>
        {arrivedSignedOut && <ShowLoginPrompt prompt={prompt} />}
        <Navigate
          to={href.login()}
          replace
          state={loginRedirectState(`${location.pathname}${location.search}${location.hash}`)}
        />
      </>
    );
  }
  return <Outlet />;
}

/** Admin pages: anyone who is not an admin goes home, replacing the history entry (SPEC §6). */
export function RequireAdmin() {
  const { isSignedIn, isAdmin } = useSession();
  if (!isSignedIn || !isAdmin) return <Navigate to={href.home()} replace />;
  return <Outlet />;
}
