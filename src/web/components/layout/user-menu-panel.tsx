import { LayoutDashboard, LogIn, LogOut, Package, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { layout } from '@/web/i18n/first-screen';
import { useSession } from '@/web/session/session';
import { href } from '@/web/paths';

const m = layout;

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm text-ink-soft transition hover:bg-sand hover:text-ink';

/**
 * What the account menu shows once opened (src/web/components/layout/user-menu.tsx): loaded on the first
 * opening, so the first screen does not carry it.
 */
export default function UserMenuPanel({ initial, onLogout }: { initial: string; onLogout: () => void }) {
  const session = useSession();
  return (
    <>
      {session.isSignedIn ? (
        <>
          <div className="flex items-center gap-3 border-b border-line px-3 pt-2 pb-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft font-display text-lg text-accent-strong"
            >
              <bdi>{initial}</bdi>
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-ink">
                <bdi>{session.username}</bdi>
              </p>
              {/*
                Left to right, so a long address keeps its beginning and loses its end; on an Arabic
                page it still sits at the menu's right, under the name, beside the initial.
              */}
              <p dir="ltr" className="truncate text-start text-xs text-muted rtl:text-right">
                {session.email}
              </p>
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
              <button type="button" className={itemClass} onClick={onLogout}>
                <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                {m.logout}
              </button>
            </li>
          </ul>
        </>
      ) : (
        <ul>
          <li>
            <Link to={href.login()} className={itemClass}>
              <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
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
    </>
  );
}
