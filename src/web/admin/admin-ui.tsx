import { Pencil, Search, Trash2 } from 'lucide-react';
import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { Link, useNavigation } from 'react-router';
import { ADMIN_LOADING_MIN_MS, STOCK_PLENTY_ABOVE } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';

/** Small pieces every admin screen shares. */

export function AdminHeader({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <p className="eyebrow mb-2">{messages.layout.adminArea}</p>
        <h1 className="text-title text-ink">{title}</h1>
        {intro && <p className="mt-2 text-ink-soft">{intro}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** Typing settles this long before the server is asked, so each key press is not a request. */
const SEARCH_DELAY_MS = 300;

/** The lists that search as the admin types, each with its box's id, words and place. */
const SEARCH_BOXES = {
  categories: { id: 'category-search', label: messages.admin.searchCategories, className: 'mb-6 max-w-md' },
  orders: { id: 'order-search', label: messages.admin.searchOrders, className: 'flex-1' },
} as const;

/**
 * The search box of an admin list that searches as the admin types: the trimmed text goes to
 * `onSearch` once typing settles, and only when it differs from `search`, the one the list shows now,
 * so the first render does not send the list back to page 1 after a page was chosen meanwhile.
 */
export function SearchAsYouType({
  list,
  search,
  onSearch,
}: {
  list: keyof typeof SEARCH_BOXES;
  search: string;
  onSearch: (search: string) => void;
}) {
  const { id, label, className } = SEARCH_BOXES[list];
  const [text, setText] = useState(search);
  const settle = useEffectEvent(onSearch);
  // While the router is on its way elsewhere (a row's link waiting for its page's code), a settling
  // search would be a navigation of its own and cancel the one the admin chose; it waits for idle.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    const next = text.trim();
    if (navigating || next === search) return;
    const timer = window.setTimeout(() => settle(next), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, navigating]);
  return (
    <div role="search" aria-label={label} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        className="field ps-9"
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}

/**
 * The lists with a Prev/Next pager. Each keeps its own words (SPEC §9: categories say 'Prev' and
 * 'Page x of y', products 'Previous' and 'Showing page x of y') and its own place for the page.
 */
const PAGERS = {
  categories: {
    label: messages.admin.manageCategories,
    previous: messages.admin.prev,
    pageOf: messages.admin.pageXofY,
    justify: 'justify-center',
  },
  products: {
    label: messages.admin.productsTable,
    previous: messages.admin.previous,
    pageOf: messages.admin.showingPage,
    justify: 'justify-between',
  },
} as const;

/** Prev, the page in words, Next: the pager of the admin lists that page with two buttons. */
export function PrevNextPager({
  list,
  page,
  totalPages,
  setPage,
}: {
  list: keyof typeof PAGERS;
  page: number;
  totalPages: number;
  setPage: Dispatch<SetStateAction<number>>;
}) {
  const { label, previous, pageOf, justify } = PAGERS[list];
  return (
    <nav className={`mt-6 flex items-center ${justify} gap-3`} aria-label={label}>
      <button
        type="button"
        className="btn btn-outline"
        disabled={page <= 1}
        onClick={() => setPage((current) => current - 1)}
      >
        {previous}
      </button>
      <p className="text-sm text-ink-soft">{format(pageOf, { x: page, y: totalPages })}</p>
      <button
        type="button"
        className="btn btn-outline"
        disabled={page >= totalPages}
        onClick={() => setPage((current) => current + 1)}
      >
        {messages.admin.next}
      </button>
    </nav>
  );
}

/** The edit link and the delete button of a row or card, each named after the item it acts on. */
export function EditDeleteActions({
  name,
  editTo,
  onDelete,
  deleting = false,
  className,
}: {
  name: string;
  editTo: string;
  onDelete: () => void;
  deleting?: boolean;
  className: string;
}) {
  const m = messages.admin;
  return (
    <div className={className}>
      <Link
        to={editTo}
        className="btn btn-ghost px-2.5 py-2"
        aria-label={format(m.editNamed, { name: isolate(name) })}
        title={m.edit}
      >
        <Pencil className="size-4" aria-hidden="true" />
      </Link>
      <button
        type="button"
        className="btn btn-ghost px-2.5 py-2 text-danger"
        aria-label={format(m.deleteNamed, { name: isolate(name) })}
        title={m.delete}
        onClick={onDelete}
        disabled={deleting}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The end of an admin form: Cancel back to the list, and the submit button that says what it does. */
export function FormActions({
  cancelTo,
  isEdit,
  saving,
  className = '',
}: {
  cancelTo: string;
  isEdit: boolean;
  saving: boolean;
  className?: string;
}) {
  const m = messages.admin;
  return (
    <div className={`flex flex-wrap justify-end gap-2 ${className}`.trim()}>
      <Link to={cancelTo} className="btn btn-outline">
        {m.cancel}
      </Link>
      <button type="submit" className="btn btn-primary min-w-32" disabled={saving}>
        {saving ? m.saving : isEdit ? m.update : m.create}
      </button>
    </div>
  );
}

/**
 * True while `pending`, and on until the loading state has been shown for `minimumMs`: a spinner that
 * flashes for a few milliseconds reads as a glitch (SPEC §4 keeps the admin's at about 300 ms).
 */
export function useMinimumLoading(pending: boolean, minimumMs = ADMIN_LOADING_MIN_MS): boolean {
  const shownSince = useRef<number | null>(null);
  const [tick, rerender] = useState(0);
  if (pending && shownSince.current === null) shownSince.current = Date.now();
  const holdUntil = shownSince.current === null ? 0 : shownSince.current + minimumMs;
  const holding = !pending && Date.now() < holdUntil;
  if (!pending && !holding) shownSince.current = null;
  // A timer can fire a millisecond before Date.now() reaches holdUntil; `tick` then sets another,
  // or the spinner would stay until something else re-rendered the screen.
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => rerender((n) => n + 1), holdUntil - Date.now());
    return () => clearTimeout(timer);
  }, [holding, holdUntil, tick]);
  return pending || holding;
}

/** SPEC §9: more than 10 green, 1 to 10 yellow, 0 red. */
export function stockTone(stock: number): 'success' | 'warning' | 'danger' {
  if (stock > STOCK_PLENTY_ABOVE) return 'success';
  return stock > 0 ? 'warning' : 'danger';
}

const STOCK_CLASSES = {
  success: 'bg-success/12 text-success ring-success/30',
  warning: 'bg-warning/12 text-warning ring-warning/30',
  danger: 'bg-danger/12 text-danger ring-danger/30',
} as const;

export function StockBadge({ stock }: { stock: number }) {
  const tone = stockTone(stock);
  return (
    <span
      data-tone={tone}
      className={`inline-flex min-w-10 justify-center rounded-pill px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STOCK_CLASSES[tone]}`}
    >
      {stock}
    </span>
  );
}

/** Order ids are long UUIDs; the lists show only their first characters (SPEC §9). */
export function shortId(id: string, length: number): string {
  return id.length > length ? id.slice(0, length) : id;
}

/** A product's or category's Arabic name under its English one in the admin's lists (issue 14); none when empty. */
export function ArabicName({ text, className = '' }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <span className={`block text-sm font-normal text-muted ${className}`}>
      {/* Isolated, so the Arabic runs right to left inside an English row and the row's order stays. */}
      <bdi lang="ar" dir="rtl">
        {text}
      </bdi>
    </span>
  );
}
