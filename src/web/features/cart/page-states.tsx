import { LoaderCircle } from 'lucide-react';
import { messages } from '@/shared/messages';

/** A centred spinner with its words for screen readers; the cart, checkout and orders pages share it. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-accent" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** A failed load with SPEC §4's 'Try Again', which reloads the page. */
export function ErrorState({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="card mx-auto my-12 flex max-w-md flex-col items-center gap-4 p-8 text-center"
    >
      <p className="text-ink">{message}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {messages.layout.tryAgain}
      </button>
    </div>
  );
}
