import { LoaderCircle } from 'lucide-react';
import { layout } from '@/web/i18n/first-screen';

interface SpinnerProps {
  /** What is on its way, shown under the spinner and read out by screen readers. */
  label?: string;
  /** `page` fills the page region (a page whose code or data is loading); `section` sits in a card. */
  size?: 'page' | 'section';
}

const HEIGHTS = { page: 'min-h-[40vh]', section: 'py-16' } as const;

/** The web app's one loading spinner, for pages, their regions and the admin alike. */
export function Spinner({ label = layout.loading, size = 'page' }: SpinnerProps) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center justify-center gap-3 text-muted ${HEIGHTS[size]}`}
    >
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-accent" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
