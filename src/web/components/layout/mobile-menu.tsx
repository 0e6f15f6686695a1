import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { layout } from '@/web/i18n/first-screen';
import { useDismiss } from './use-dismiss';

const m = layout;

// The menu's contents wait for its first opening: the first screen shows only its button.
const MobileMenuPanel = lazy(() => import('./mobile-menu-panel'));

/** The narrow-screen menu (under md): the shop's pages and the language switch behind a hamburger (search is in the bar). */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  return (
    <div ref={rootRef} className="md:hidden">
      <button
        type="button"
        aria-label={open ? m.closeMenu : m.openMenu}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="icon-btn text-ink"
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full border-b border-line bg-canvas px-4 pt-3 pb-5 shadow-card"
        >
          <Suspense fallback={null}>
            <MobileMenuPanel />
          </Suspense>
        </div>
      )}
    </div>
  );
}
