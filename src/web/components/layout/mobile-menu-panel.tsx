import { NavLink } from 'react-router';
import { layout } from '@/web/i18n/first-screen';
import { useSession } from '@/web/session/session';
import { LanguageSwitch } from './language-switch';
import { mainLinks } from './main-links';
import { href, paths } from '@/web/paths';

const m = layout;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base transition ${
    isActive ? 'bg-sand text-ink' : 'text-ink-soft hover:bg-sand hover:text-ink'
  }`;

/**
 * What the narrow-screen menu shows once opened (src/web/components/layout/mobile-menu.tsx): loaded on
 * the first opening, so the first screen does not carry it.
 */
export default function MobileMenuPanel() {
  const { isSignedIn, isAdmin } = useSession();
  return (
    <>
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
      <LanguageSwitch className="mt-3 w-full text-base" />
    </>
  );
}
