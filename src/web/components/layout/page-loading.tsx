import { layout } from '@/shared/messages/layout';

/** Shown while a page's code or first data loads. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-line-strong border-t-accent"
      />
      <span className="sr-only">{layout.loading}</span>
    </div>
  );
}
