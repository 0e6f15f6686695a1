import { FolderTree, LayoutDashboard, Package, Settings, ShoppingBag, Store, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { messages } from '@/web/admin/messages';
import { href } from '@/web/paths';

const m = messages.admin;
const l = messages.layout;

/** The admin area's frame: its own navigation beside (or, on narrow screens, above) each admin page. */
const areas = [
  { to: href.adminDashboard(), label: l.dashboard, icon: LayoutDashboard, end: true },
  { to: href.adminProducts(), label: m.manageProducts, icon: Package, end: false },
  { to: href.adminCategories(), label: m.manageCategories, icon: FolderTree, end: false },
  { to: href.adminOrders(), label: m.manageOrders, icon: ShoppingBag, end: false },
  { to: href.adminCustomers(), label: messages.customers.customersTitle, icon: Users, end: false },
  { to: href.adminSettings(), label: messages.settings.title, icon: Settings, end: false },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center gap-3 rounded-lg px-3 py-2 text-sm whitespace-nowrap transition ${
    isActive ? 'bg-ink text-canvas' : 'text-ink-soft hover:bg-sand hover:text-ink'
  }`;

export default function AdminLayout() {
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the areas scroll sideways; keep the current one in sight. (jsdom has no scrollIntoView.)
  useEffect(() => {
    list.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <div className="shell grid grid-cols-1 gap-6 py-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="min-w-0">
        <p className="eyebrow mb-3 hidden lg:block">{l.adminArea}</p>
        <nav aria-label={l.adminArea}>
          <ul ref={list} className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
            {areas.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={linkClass}>
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
            <li className="lg:mt-4 lg:border-t lg:border-line lg:pt-4">
              <Link to={href.home()} className={linkClass({ isActive: false })}>
                <Store className="size-4" aria-hidden="true" />
                {l.backToShop}
              </Link>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
