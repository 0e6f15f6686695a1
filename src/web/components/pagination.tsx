import { ChevronLeft } from 'lucide-react';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { paginationRange } from './pagination-range';

const m = messages.catalog;

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

const pageButton =
  'inline-flex size-11 items-center justify-center rounded-pill text-sm transition disabled:cursor-not-allowed disabled:opacity-40';

/** Numbered pages with first, last, neighbours and gaps (SPEC §9); nothing when there is one page. */
export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const slots = paginationRange(page, totalPages);
  return (
    <nav aria-label={m.pagination} className="flex items-center justify-center gap-1">
      <button
        type="button"
        className={`${pageButton} text-ink-soft hover:bg-sand`}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label={m.previousPage}
      >
        {/* The chevrons mirror themselves in right-to-left pages. */}
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      </button>
      <ul className="flex items-center gap-1">
        {slots.map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <button
                type="button"
                className={`${pageButton} ${
                  slot === page ? 'bg-ink font-semibold text-canvas' : 'text-ink-soft hover:bg-sand'
                }`}
                onClick={() => onPageChange(slot)}
                aria-label={format(m.pageN, { n: slot })}
                aria-current={slot === page ? 'page' : undefined}
              >
                {slot}
              </button>
            </li>
          ) : (
            <li key={slot} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={`${pageButton} text-ink-soft hover:bg-sand`}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label={m.nextPage}
      >
        <ChevronLeft className="size-4 rotate-180 rtl:rotate-0" aria-hidden="true" />
      </button>
    </nav>
  );
}
