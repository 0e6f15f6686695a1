import { Star } from 'lucide-react';
import { RATING_MAX } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';
import { format } from '@/web/i18n/language';

interface StarRatingProps {
  rating: number;
  className?: string;
}

/** Read-only stars of a rated product: a star is filled when the rating reaches its half (3.5 shows four). */
export function StarRating({ rating, className = 'size-4' }: StarRatingProps) {
  const filled = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={format(messages.catalog.ratedOutOf, { rating: rating.toFixed(1) })}
      className="inline-flex items-center gap-0.5"
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={`${className} ${index < filled ? 'fill-warning text-warning' : 'fill-none text-line-strong'}`}
        />
      ))}
    </span>
  );
}
