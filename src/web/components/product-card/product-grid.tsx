import type { ShownProduct } from './product-view';
import { idOf } from './product-view';
import { ProductCard } from './product-card';

/**
 * The cards in a grid's first row on a phone (every grid has two columns there): the ones at the top
 * of a listing whose pictures are worth loading first.
 */
export const FIRST_ROW_ON_PHONES = 2;

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4 lg:gap-6';

interface ProductGridProps {
  products: ShownProduct[];
  /** Where each card leads, when not the card's own /productdetails/{id}. */
  hrefOf?: (product: ShownProduct) => string | undefined;
  className?: string;
  /** How many cards at the start are at the top of the page (their pictures load first). */
  eagerCount?: number;
}

export function ProductGrid({ products, hrefOf, className = GRID, eagerCount = 0 }: ProductGridProps) {
  return (
    <ul className={className}>
      {products.map((product, index) => (
        <li key={idOf(product) ?? index} className="flex">
          <ProductCard product={product} to={hrefOf?.(product)} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders in the grid's own shape, so nothing jumps when the products arrive. */
export function ProductGridSkeleton({ count, className = GRID }: { count: number; className?: string }) {
  return (
    <ul className={className} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-card border border-line bg-surface">
          <div className="aspect-[4/5] animate-pulse bg-sand" />
          <div className="space-y-3 p-4">
            <div className="h-2.5 w-1/3 animate-pulse rounded-pill bg-sand" />
            <div className="h-4 w-4/5 animate-pulse rounded-pill bg-sand" />
            <div className="h-4 w-1/2 animate-pulse rounded-pill bg-sand" />
            <div className="h-11 w-full animate-pulse rounded-pill bg-sand" />
          </div>
        </li>
      ))}
    </ul>
  );
}
