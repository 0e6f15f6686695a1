import { ChevronDown, LayoutDashboard, LogIn, LogOut, Package, UserPlus, UserRound } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { layout } from '@/web/i18n/first-screen';
import { useSession } from '@/web/session/session';
import { useDismiss } from './use-dismiss';
import { href } from '@/web/paths';

const m = layout;

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm text-ink-soft transition hover:bg-sand hover:text-ink';

/** The account disclosure of SPEC §2: who is signed in and where they can go, or Login and Register. */
export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  const initial = session.username?.trim().charAt(0).toUpperCase() ?? '';

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={m.userMenu}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 rounded-pill p-1 text-ink-soft transition hover:bg-sand hover:text-ink"
      >
        {session.isSignedIn && initial ? (
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-ink font-display text-sm text-canvas"
          >
            {initial}
          </span>
        ) : (
          <span aria-hidden="true" className="flex size-8 items-center justify-center">
            <UserRound className="size-5" />
          </span>
        )}
        <ChevronDown
          aria-hidden="true"
          className={`hidden size-4 transition sm:block ${open ? 'rotate-180' : ''}`}
        />
      </button>

      {open && (
        <div
          id={panelId}
          className="absolute end-0 top-full z-50 mt-2 w-64 rounded-card border border-line bg-surface p-2 shadow-lift"
        >
          {session.isSignedIn ? (
            <>
              <div className="flex items-center gap-3 border-b border-line px-3 pt-2 pb-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft font-display text-lg text-accent-strong"
                >
                  {initial}
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-ink">{session.username}</p>
                  <p className="truncate text-xs text-muted">{session.email}</p>
                </div>
              </div>
              <ul className="pt-2">
                <li>
                  <Link to={href.orders()} className={itemClass}>
                    <Package className="size-4" aria-hidden="true" />
                    {m.myOrders}
                  </Link>
                </li>
                {session.isAdmin && (
                  <li>
                    <Link to={href.adminDashboard()} className={itemClass}>
                      <LayoutDashboard className="size-4" aria-hidden="true" />
                      {m.dashboard}
                    </Link>
                  </li>
                )}
                <li>
                  <button
                    type="button"
                    className={itemClass}
                    onClick={() => {
                      setOpen(false);
                      onLogout();
                    }}
                  >
                    <LogOut className="size-4" aria-hidden="true" />
                    {m.logout}
                  </button>
                </li>
              </ul>
            </>
          ) : (
            <ul>
              <li>
                <Link to={href.login()} className={itemClass}>
                  <LogIn className="size-4" aria-hidden="true" />
                  {m.login}
                </Link>
              </li>
              <li>
                <Link to={href.register()} className={itemClass}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  {m.register}
                </Link>
              </li>
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
