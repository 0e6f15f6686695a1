import { TriangleAlert } from 'lucide-react';
import { catalogShell } from '@/web/i18n/first-screen';
import { layout } from '@/web/i18n/first-screen';
import { reloadPage } from '@/web/lib/reload-page';

/**
 * A load that failed: its message (SPEC §2's 'Failed to load products' unless told) and SPEC §4's
 * 'Try Again', which reloads the page.
 */
export function LoadFailure({ title = catalogShell.failedToLoadProducts }: { title?: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <div className="mb-5 flex size-14 items-center justify-center rounded-pill bg-accent-soft text-danger">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-2xl text-ink">{title}</h2>
      <button type="button" className="btn btn-primary mt-6" onClick={reloadPage}>
        {layout.tryAgain}
      </button>
    </div>
  );
}
