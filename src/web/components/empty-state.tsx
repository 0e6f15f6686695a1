import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@/web/i18n/messages';
import { href } from '@/web/paths';

export interface EmptyStateAction {
  label: string;
  to: string;
}

interface EmptyStateProps {
  title?: string;
  message?: string;
  /** Shown after the message, emphasised: usually what the shopper searched for. */
  highlight?: string;
  primary?: EmptyStateAction;
  secondary?: EmptyStateAction;
  icon?: ReactNode;
  /** The title's level, so the state fits the page's outline. */
  headingLevel?: 'h1' | 'h2';
}

const defaultPrimary: EmptyStateAction = { label: messages.catalog.resetFilters, to: href.products() };

/** SPEC §2's reusable empty state: title, message with optional highlighted text, one or two actions. */
export function EmptyState({
  title = messages.catalog.noProductsFound,
  message,
  highlight,
  primary = defaultPrimary,
  secondary,
  icon,
  headingLevel: Heading = 'h2',
}: EmptyStateProps) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-pill bg-sand text-accent">
        {icon ?? <SearchX className="size-7" aria-hidden="true" />}
      </div>
      <Heading className="text-2xl text-ink">{title}</Heading>
      {message || highlight ? (
        <p className="mt-3 text-sm leading-relaxed text-ink-soft">
          {message}
          {highlight ? (
            <>
              {message ? ' ' : null}
              {/* The shopper's own words, in whichever direction they typed them. */}
              <bdi>
                <mark className="rounded bg-accent-soft px-1 font-medium text-accent-strong">
                  {highlight}
                </mark>
              </bdi>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to={primary.to} className="btn btn-primary">
          {primary.label}
        </Link>
        {secondary ? (
          <Link to={secondary.to} className="btn btn-outline">
            {secondary.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
