import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { SCROLL_THRESHOLD_PX } from '@/shared/shell-constants';
import { layout } from '@/web/i18n/first-screen';
import { useShopSettings } from '@/web/lib/api/get-settings';
import { shopName } from '@/web/lib/shop';
import { useSession } from '@/web/session/session';
import { CartLink, FavoritesLink } from './header-icons';
import { LanguageSwitch } from './language-switch';
import { mainLinks } from './main-links';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';
import { useScrolledPast } from './use-scrolled';
import { href, paths } from '@/web/paths';

const m = layout;

/** On the sign-in and registration screens the bar keeps only the way to the other one (SPEC §2). */
function AuthSwitch({ pathname }: { pathname: string }) {
  const onLogin = pathname === paths.login;
  return (
    <header className="absolute inset-x-0 top-0 z-40">
      <div className="shell flex h-16 items-center justify-end">
        <Link to={onLogin ? href.register() : href.login()} className="btn btn-outline bg-surface/70">
          {onLogin ? m.register : m.login}
        </Link>
      </div>
    </header>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative py-1 text-sm tracking-wide transition after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-center after:bg-accent after:transition-transform ${
    isActive
      ? 'text-ink after:scale-x-100'
      : 'text-ink-soft hover:text-ink after:scale-x-0 hover:after:scale-x-100'
  }`;

export function TopBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isAdmin, signOut } = useSession();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const logo = useShopSettings()?.logo;

  if (pathname === paths.login || pathname === paths.register) return <AuthSwitch pathname={pathname} />;

  const logout = () => {
    signOut();
    navigate(href.login());
  };

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-300 ${
        scrolled ? 'border-line bg-canvas/90 shadow-soft backdrop-blur-md' : 'border-transparent bg-canvas'
      }`}
    >
      <div
        className={`shell flex items-center gap-1 transition-[height] duration-300 md:gap-6 ${scrolled ? 'h-16' : 'h-20'}`}
      >
        <MobileMenu />

        {/* A long name (issue 35) is cut with an ellipsis rather than wrapped: the bar keeps one line. */}
        <Link
          to={href.home()}
          className="min-w-0 truncate py-2 font-display text-lg tracking-[0.04em] text-ink transition hover:text-accent-strong md:text-[1.75rem] md:tracking-[0.08em]"
        >
          {logo ? (
            // The owner's logo (issue 16), named by the shop's name; its height fixed so nothing moves.
            <img src={logo.url} alt={shopName} className="h-9 w-auto max-w-40 object-contain md:h-11" />
          ) : (
            <bdi>{shopName}</bdi>
          )}
        </Link>

        <nav aria-label={m.mainNavigation} className="hidden md:block">
          <ul className="flex items-center gap-6">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === paths.home} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex shrink-0 items-center sm:gap-2">
          <SearchBox id="top-bar-search" className="bar-search md:me-2 md:w-56 lg:w-72" />
          {/* On a phone the switch is in the menu, which leaves the bar room for the shop's name. */}
          <LanguageSwitch className="max-sm:hidden" />
          {!isAdmin && (
            <>
              <FavoritesLink />
              <CartLink />
            </>
          )}
          <UserMenu onLogout={logout} />
        </div>
      </div>
    </header>
  );
}
