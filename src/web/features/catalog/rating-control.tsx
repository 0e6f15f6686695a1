import { Star } from 'lucide-react';
import { useState } from 'react';
import { RATING_MAX } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { ProductDto } from '@/shared/schemas/product';
import { useSession } from '@/web/session/session';
import { useRateProduct } from './api/rate-product';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';

const m = messages.catalog;

interface RatingControlProps {
  product: ProductDto;
  /** The key the details page read the product under (its id or its slug). */
  queryKey: readonly unknown[];
}

/** Five stars that rate the product (SPEC §5: signed in, 1 to 5; SPEC §8's toasts). */
export function RatingControl({ product, queryKey }: RatingControlProps) {
  const { isSignedIn, isAdmin } = useSession();
  const [chosen, setChosen] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);

  const mutation = useRateProduct(product._id, queryKey, {
    onSuccess: (_answer, rating) => {
      setChosen(rating);
      notify.success(m.ratingSubmitted);
    },
    onError: (error) => notify.error(failureText(error, m.failedToSubmitRating, m.failedToSubmitRating)),
  });

  const rate = (rating: number) => {
    if (!isSignedIn) {
      notify.error(m.pleaseLoginToRate);
      return;
    }
    if (isAdmin) {
      notify.error(m.adminsCannotRate);
      return;
    }
    mutation.mutate(rating);
  };

  const lit = hovered ?? chosen ?? 0;
  return (
    <div>
      <p id="rate-this-product" className="text-sm font-medium text-ink">
        {m.rateThisProduct}
      </p>
      <div
        role="group"
        aria-labelledby="rate-this-product"
        className="mt-2 flex items-center gap-1"
        onMouseLeave={() => setHovered(null)}
      >
        {Array.from({ length: RATING_MAX }, (_, index) => {
          const value = index + 1;
          return (
            <button
              key={value}
              type="button"
              aria-label={format(m.rateNStars, { n: value })}
              aria-pressed={chosen === value}
              disabled={mutation.isPending}
              onMouseEnter={() => setHovered(value)}
              onFocus={() => setHovered(value)}
              onBlur={() => setHovered(null)}
              onClick={() => rate(value)}
              className="rounded-pill p-1 transition hover:scale-110 disabled:opacity-60"
            >
              <Star
                aria-hidden="true"
                className={`size-6 ${value <= lit ? 'fill-warning text-warning' : 'fill-none text-line-strong'}`}
              />
            </button>
          );
        })}
      </div>
      {chosen ? <p className="mt-1 text-xs text-muted">{format(m.youRated, { n: chosen })}</p> : null}
    </div>
  );
}
