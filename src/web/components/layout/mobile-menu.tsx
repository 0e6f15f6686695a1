import { Menu, X } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { layout } from '@/web/i18n/first-screen';
import { useSession } from '@/web/session/session';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';
import { useDismiss } from './use-dismiss';
import { mainLinks } from './main-links';
import { href, paths } from '@/web/paths';

const m = layout;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base transition ${
    isActive ? 'bg-sand text-ink' : 'text-ink-soft hover:bg-sand hover:text-ink'
  }`;

/** The narrow-screen menu (under md): search and the shop's pages behind a hamburger. */
export function MobileMenu() {
  const { isSignedIn, isAdmin } = useSession();
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
        className="inline-flex size-10 items-center justify-center rounded-pill text-ink transition hover:bg-sand"
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full border-b border-line bg-canvas px-4 pt-3 pb-5 shadow-card"
        >
          <SearchBox id="mobile-search" onSearch={close} className="mb-3" />
          <nav aria-label={m.mainNavigation}>
            <ul className="space-y-0.5">
              {mainLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === paths.home} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {!isAdmin && (
                <>
                  <li>
                    <NavLink to={href.favorites()} className={linkClass}>
                      {m.favorites}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={href.cart()} className={linkClass}>
                      {m.cart}
                    </NavLink>
                  </li>
                </>
              )}
              {isSignedIn && (
                <li>
                  <NavLink to={href.orders()} className={linkClass}>
                    {m.myOrders}
                  </NavLink>
                </li>
              )}
              {isAdmin && (
                <li>
                  <NavLink to={href.adminDashboard()} className={linkClass}>
                    {m.dashboard}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
          <LanguageSwitch className="mt-3 w-full px-3 py-2.5 text-base" />
        </div>
      )}
    </div>
  );
}
