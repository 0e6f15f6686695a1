import { LoaderCircle } from 'lucide-react';

/** A centred spinner with its words for screen readers, for a page whose data is on its way. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-accent" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
