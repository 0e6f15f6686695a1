import { TriangleAlert } from 'lucide-react';
import { messages } from '@/shared/messages';
import { reloadPage } from './reload-page';

/** SPEC §2: 'Failed to load products' with a 'Try Again' button that reloads the page. */
export function LoadFailure({ title = messages.catalog.failedToLoadProducts }: { title?: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <div className="mb-5 flex size-14 items-center justify-center rounded-pill bg-accent-soft text-danger">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-2xl text-ink">{title}</h2>
      <button type="button" className="btn btn-primary mt-6" onClick={reloadPage}>
        {messages.layout.tryAgain}
      </button>
    </div>
  );
}
