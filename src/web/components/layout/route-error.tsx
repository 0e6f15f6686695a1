import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { layout } from '@/web/i18n/first-screen';
import { reloadPage } from '@/web/lib/reload-page';

const m = layout;

/**
 * The error boundary of a page region (STYLE.md habit 6): a page that throws shows this inside the
 * layout instead of a blank screen. Try Again reloads, which also fetches a page chunk that a new
 * deployment replaced.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    // Kept for whoever opens the console; the shopper sees the friendly text.
    console.warn(error);
  }, [error]);

  return (
    <section
      role="alert"
      className="shell flex min-h-[50vh] flex-col items-center justify-center py-20 text-center"
    >
      <p className="eyebrow">{m.somethingWentWrong}</p>
      <h1 className="mt-3 text-title text-ink">{m.somethingWentWrong}</h1>
      <p className="mt-3 max-w-md text-muted">{m.pageErrorText}</p>
      <button type="button" className="btn btn-primary mt-8" onClick={reloadPage}>
        <RotateCcw className="size-4" aria-hidden="true" />
        {m.tryAgain}
      </button>
    </section>
  );
}
