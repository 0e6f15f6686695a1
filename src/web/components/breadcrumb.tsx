import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@/web/i18n/messages';

/** One step of the trail: a link, or the page itself when it has no `to`. */
export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Where the page sits in the shop (issue 16): Home / Category / Product. An ordered list in a named
 * navigation landmark; the page itself is the last step, marked as the current page. Each step is
 * isolated: a product's English name on an Arabic trail keeps its own order and its place in the trail.
 */
export function Breadcrumb({ trail, className = '' }: { trail: Crumb[]; className?: string }) {
  return (
    <nav aria-label={messages.catalog.breadcrumb} className={className}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-ink-soft">
        {trail.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className="flex min-w-0 items-center gap-x-1.5">
            {index > 0 ? (
              <ChevronRight className="size-3.5 shrink-0 text-muted rtl:-scale-x-100" aria-hidden="true" />
            ) : null}
            {crumb.to ? (
              <Link to={crumb.to} className="underline-offset-4 hover:text-ink hover:underline">
                <bdi>{crumb.label}</bdi>
              </Link>
            ) : (
              <bdi aria-current="page" className="truncate font-medium text-ink">
                {crumb.label}
              </bdi>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
