import { ChevronDown, UserRound } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { layout } from '@/web/i18n/first-screen';
import { useSession } from '@/web/session/session';
import { useDismiss } from './use-dismiss';

const m = layout;

// The menu's contents wait for its first opening: the first screen shows only its button.
const UserMenuPanel = lazy(() => import('./user-menu-panel'));

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
        className="icon-btn gap-1 sm:w-auto sm:px-1.5"
      >
        {session.isSignedIn && initial ? (
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-ink font-display text-sm text-canvas"
          >
            {/* The first letter of the shopper's name, Latin or Arabic. */}
            <bdi>{initial}</bdi>
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
          <Suspense fallback={null}>
            <UserMenuPanel
              initial={initial}
              onLogout={() => {
                setOpen(false);
                onLogout();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
