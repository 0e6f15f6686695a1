import { useQuery } from '@tanstack/react-query';
import {
  Banknote,
  CalendarClock,
  FolderTree,
  Hourglass,
  Package,
  PackagePlus,
  PhoneCall,
  ReceiptText,
  ShoppingBag,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { DELIVERY_STATES, ORDER_STATUSES } from '@/shared/constants';
import { format, language } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { statusLabel, statusTone } from '@/web/components/order-status';
import { formatEgp } from '@/web/i18n/language';
import { isolate } from '@/web/i18n/bidi';
import type { ProductDto } from '@/shared/schemas/product';
import { useDocumentTitle } from '@/web/lib/shop';
import { localizedName } from '@/web/lib/localized';
import { useSession } from '@/web/session/session';
import { allProductsQuery } from './api/get-all-products';
import { dashboardStatsQuery } from './api/get-dashboard-stats';
import { lowStockQuery } from './api/get-low-stock';
import { AdminHeader, StockBadge } from './admin-ui';
import { DownloadBackupButton } from './download-backup-button';
import { CourierCash } from './courier-cash';
import { deliveryTone } from './delivery-words';
import { Spinner } from '@/web/components/spinner';
import { useFailureToast } from '@/web/lib/failure-text';
import { href } from '@/web/paths';

const m = messages.admin;
const s = messages.shipping;

function StatCard({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string;
  /** What the figure counts, where its label alone would not say. */
  detail?: string;
  icon: LucideIcon;
}) {
  return (
    <div className="card flex min-w-0 items-center gap-4 p-4 sm:p-5">
      <span className="hidden size-12 shrink-0 place-items-center rounded-pill bg-accent-soft text-accent sm:grid">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted">{label}</p>
        <p className="text-2xl font-semibold break-words text-ink">{value}</p>
        {detail && <p className="text-xs text-ink-soft">{detail}</p>}
      </div>
    </div>
  );
}

/** A figure of the day that leads to the orders it counts. */
function DeskCard({
  label,
  value,
  detail,
  to,
  icon: Icon,
  urgent = false,
}: {
  label: string;
  value: string;
  detail?: string;
  to: string;
  icon: LucideIcon;
  urgent?: boolean;
}) {
  return (
    <Link
      to={to}
      className={`card flex min-w-0 items-center gap-4 p-4 transition hover:shadow-card sm:p-5 ${urgent ? 'ring-2 ring-warning/50' : ''}`}
    >
      <span className="hidden size-12 shrink-0 place-items-center rounded-pill bg-accent-soft text-accent sm:grid">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted">{label}</p>
        <p className="truncate text-2xl font-semibold text-ink">{value}</p>
        {detail && <p className="truncate text-sm text-ink-soft">{detail}</p>}
      </div>
    </Link>
  );
}

function LowStock() {
  const low = useQuery(lowStockQuery(undefined));
  useFailureToast(low.error, m.failedToFetchProducts, m.errorFetchingProducts);
  if (!low.data) return null;
  return (
    <section className="card mb-8 p-5" aria-labelledby="low-stock">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="low-stock" className="text-xl text-ink">
          {m.lowStock}
        </h2>
        <p className="text-sm text-muted">{format(m.lowStockIntro, { threshold: low.data.threshold })}</p>
      </div>
      {low.data.items.length === 0 ? (
        <p className="text-sm text-ink-soft">{m.noLowStock}</p>
      ) : (
        <ul className="max-h-80 divide-y divide-line overflow-y-auto pe-1">
          {low.data.items.map((item) => (
            <li
              key={item.variantId ?? item.productId}
              className="flex items-center justify-between gap-3 py-2"
            >
              <Link to={href.adminEditProduct(item.productId)} className="min-w-0 hover:text-accent">
                <span className="block truncate font-medium text-ink">
                  <bdi>{localizedName(item)}</bdi>
                </span>
                {item.options && (
                  <span className="block truncate text-xs text-muted">
                    {/* Each value and the SKU isolated: in an Arabic line 'M · Navy · NR-001-M' keeps its order.
                        The values in Arabic where the owner wrote them (issue 35). */}
                    {Object.values((language === 'ar' && item.optionsAr) || item.options).map((value, at) => (
                      <Fragment key={at}>
                        {at > 0 && ' · '}
                        <bdi>{value}</bdi>
                      </Fragment>
                    ))}
                    {item.sku && (
                      <>
                        {' · '}
                        <bdi dir="ltr">{item.sku}</bdi>
                      </>
                    )}
                  </span>
                )}
              </Link>
              <span
                className={`shrink-0 text-sm font-semibold ${item.avaliableItems === 0 ? 'text-danger' : 'text-warning'}`}
              >
                {format(m.leftInStock, { n: item.avaliableItems })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProductRow({ product }: { product: ProductDto }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <img
        src={product.defaultImage.url}
        alt=""
        className="size-14 shrink-0 rounded-lg bg-sand object-cover"
        loading="lazy"
      />
      <div className="min-w-0 flex-1">
        {/* Isolated, so an English name on an Arabic page is cut at its end, not its start. */}
        <p className="truncate font-medium text-ink">
          <bdi>{localizedName(product)}</bdi>
        </p>
        <p className="text-sm text-ink-soft">{formatEgp(product.finalPrice)}</p>
      </div>
      <StockBadge stock={product.avaliableItems} />
    </li>
  );
}

/**
 * /dashboard (SPEC §2): the day's work first (today's orders, pending orders, proofs to check, each a
 * link to those orders), then the shop's figures, shortcuts to the three areas and its products.
 */
export default function DashboardPage() {
  useDocumentTitle(m.dashboardTitle);
  const { username } = useSession();
  const stats = useQuery(dashboardStatsQuery);
  const [showAll, setShowAll] = useState(false);
  const all = useQuery({ ...allProductsQuery, enabled: showAll });
  useFailureToast(stats.error ?? all.error, m.failedToFetchProducts, m.errorFetchingProducts);

  const total = stats.data?.totalProducts ?? 0;
  const shown = showAll ? (all.data?.products ?? []) : (stats.data?.recentProducts ?? []);

  return (
    <section>
      <AdminHeader title={m.dashboardTitle} intro={format(m.welcome, { name: isolate(username ?? '') })} />

      {/* Relative targets, as SPEC §2 asks: the dashboard works wherever the admin area is mounted. */}
      <nav className="mb-8 grid gap-3 sm:grid-cols-3" aria-label={m.dashboardTitle}>
        <Link to={href.adminProducts()} className="btn btn-primary">
          <Package className="size-4" aria-hidden="true" />
          {m.manageProducts}
        </Link>
        <Link to={href.adminCategories()} className="btn btn-outline">
          <FolderTree className="size-4" aria-hidden="true" />
          {m.manageCategories}
        </Link>
        <Link to={href.adminOrders()} className="btn btn-outline">
          <ShoppingBag className="size-4" aria-hidden="true" />
          {m.manageOrders}
        </Link>
      </nav>

      {stats.isPending ? (
        <Spinner size="section" />
      ) : stats.data ? (
        <>
          <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
            <DeskCard
              label={m.todayOrders}
              value={String(stats.data.today.orders)}
              detail={format(m.todayTotal, { total: formatEgp(stats.data.today.total) })}
              to={href.adminOrdersWhere({ date: 'today' })}
              icon={CalendarClock}
            />
            <DeskCard
              label={m.pendingOrders}
              value={String(stats.data.pendingOrders)}
              to={href.adminOrdersWhere({ status: 'pending' })}
              icon={Hourglass}
              urgent={stats.data.pendingOrders > 0}
            />
            <DeskCard
              label={m.proofsToCheck}
              value={String(stats.data.proofsToCheck)}
              to={href.adminOrdersWhere({ proof: 'toCheck' })}
              icon={ReceiptText}
              urgent={stats.data.proofsToCheck > 0}
            />
            <DeskCard
              label={messages.customers.toConfirm}
              value={String(stats.data.toConfirm)}
              to={href.adminOrdersWhere({ confirmation: 'toConfirm' })}
              icon={PhoneCall}
              urgent={stats.data.toConfirm > 0}
            />
          </div>
          <div className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            <StatCard label={m.totalProducts} value={String(stats.data.totalProducts)} icon={Package} />
            <StatCard
              label={m.totalCategories}
              value={String(stats.data.totalCategories)}
              icon={FolderTree}
            />
            <StatCard label={m.totalOrders} value={String(stats.data.totalOrders)} icon={ShoppingBag} />
            <StatCard
              label={m.revenue}
              detail={m.revenueCounts}
              value={formatEgp(stats.data.revenue)}
              icon={Banknote}
            />
          </div>
          <LowStock />
          <section className="card mb-8 p-5" aria-labelledby="orders-by-status">
            <h2 id="orders-by-status" className="mb-3 text-xl text-ink">
              {m.ordersByStatus}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {ORDER_STATUSES.map((status) => (
                <li key={status}>
                  <Link
                    to={href.adminOrdersWhere({ status })}
                    className={`inline-flex items-center gap-2 rounded-pill px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ${statusTone(status)}`}
                  >
                    {format(m.statusOrderCount, {
                      status: statusLabel(status),
                      n: stats.data.ordersByStatus[status] ?? 0,
                    })}
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <div className="mb-8 grid gap-4 lg:grid-cols-[20rem_1fr]">
            <StatCard
              label={s.cashWithCouriers}
              value={formatEgp(stats.data.cashWithCouriers.amount)}
              detail={format(s.cashWithCouriersDetail, { n: stats.data.cashWithCouriers.orders })}
              icon={Truck}
            />
            <section className="card p-5" aria-labelledby="orders-by-delivery">
              <h2 id="orders-by-delivery" className="mb-3 text-xl text-ink">
                {s.ordersByDelivery}
              </h2>
              <ul className="flex flex-wrap gap-2">
                {DELIVERY_STATES.map((state) => (
                  <li key={state}>
                    <Link
                      to={href.adminOrdersWhere({ delivery: state })}
                      className={`inline-flex items-center gap-2 rounded-pill px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ${deliveryTone(state)}`}
                    >
                      {format(s.deliveryOrderCount, {
                        state: s.deliveryStates[state],
                        n: stats.data.ordersByDelivery[state] ?? 0,
                      })}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <CourierCash />

          <div className="card p-5">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-xl text-ink">{showAll ? m.allProducts : m.recentProducts}</h2>
              <p className="text-sm text-muted">{format(m.xOfTotal, { x: shown.length, total })}</p>
            </div>
            {total === 0 ? (
              <div className="flex flex-col items-center gap-4 py-10 text-center">
                <p className="text-lg text-ink">{m.noProductsAvailable}</p>
                <Link to={href.adminNewProduct()} className="btn btn-accent">
                  <PackagePlus className="size-4" aria-hidden="true" />
                  {m.addProduct}
                </Link>
              </div>
            ) : (
              <>
                {showAll && all.isPending ? (
                  <Spinner size="section" />
                ) : (
                  <ul className="max-h-[500px] divide-y divide-line overflow-y-auto pe-1">
                    {shown.map((product) => (
                      <ProductRow key={product._id} product={product} />
                    ))}
                  </ul>
                )}
                <button
                  type="button"
                  className="btn btn-ghost mt-3 w-full"
                  onClick={() => setShowAll((value) => !value)}
                >
                  {showAll ? m.showRecentOnly : m.viewAllProducts}
                </button>
              </>
            )}
          </div>
        </>
      ) : null}

      <section
        className="card mt-8 flex flex-wrap items-center justify-between gap-4 p-5"
        aria-labelledby="backups-title"
      >
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="backups-title" className="text-xl text-ink">
            {m.backupsTitle}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{m.backupsIntro}</p>
          <p className="mt-1 text-sm font-medium text-ink">{m.backupSecrets}</p>
        </div>
        <DownloadBackupButton />
      </section>
    </section>
  );
}
