import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_LOADING_MIN_MS, STOCK_PLENTY_ABOVE } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { ApiError } from '@/web/lib/api';
import { UnsuccessfulAnswer } from './admin-api';

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

export function Spinner({ label = messages.admin.loading }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
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

/**
 * SPEC §8's pairs: an answer that says it failed ("Failed to …", or the server's words) and a request
 * that failed ("Error …"). `toastId` keeps one toast however often the screen re-renders.
 */
export function failureMessage(error: unknown, failed: string, errored: string): string {
  if (error instanceof UnsuccessfulAnswer) return error.message || failed;
  if (error instanceof ApiError && error.status > 0) return error.serverMessage ?? failed;
  return errored;
}

export function useFailureToast(error: unknown, failed: string, errored: string): void {
  useEffect(() => {
    if (!error) return;
    const text = failureMessage(error, failed, errored);
    toast.error(text, { id: text });
  }, [error, failed, errored]);
}

/** SPEC §8 for saves: the server's message or 'Operation failed'; an exception gets the screen's own text. */
export function saveFailureMessage(error: unknown, exception: string): string {
  if (error instanceof UnsuccessfulAnswer) return error.message;
  if (error instanceof ApiError && error.status > 0)
    return error.serverMessage ?? messages.admin.operationFailed;
  return exception;
}

/** Order ids are long UUIDs; the lists show only their first characters (SPEC §9). */
export function shortId(id: string, length: number): string {
  return id.length > length ? id.slice(0, length) : id;
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
