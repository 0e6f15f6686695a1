import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_SECTION_SHOWN } from '@/shared/shell-constants';
import { catalogShell } from '@/web/i18n/first-screen';
import type { ProductDto } from '@/shared/schemas/product';
import { ProductGrid, ProductGridSkeleton } from '@/web/components/product-card/product-grid';
import { href } from '@/web/paths';

interface ProductSectionProps {
  id: string;
  title: string;
  eyebrow?: string;
  /** Undefined while loading. */
  products: ProductDto[] | undefined;
}

/** A home section: a heading, four cards and 'View All' to /products (SPEC §2). */
export function ProductSection({ id, title, eyebrow, products }: ProductSectionProps) {
  return (
    <section aria-labelledby={id} className="shell py-14 sm:py-20">
      <div className="mb-8 flex items-end justify-between gap-4 sm:mb-10">
        <div>
          {eyebrow ? <p className="eyebrow mb-3">{eyebrow}</p> : null}
          <h2 id={id} className="text-3xl text-ink sm:text-title">
            {title}
          </h2>
        </div>
        <Link
          to={href.products()}
          className="group inline-flex shrink-0 items-center gap-2 border-b border-ink/30 pb-1 text-sm font-medium text-ink transition hover:border-accent hover:text-accent-strong"
        >
          {catalogShell.viewAll}
          <ArrowRight
            className="size-4 transition group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
            aria-hidden="true"
          />
        </Link>
      </div>
      {products ? (
        <ProductGrid products={products.slice(0, HOME_SECTION_SHOWN)} />
      ) : (
        <ProductGridSkeleton count={HOME_SECTION_SHOWN} />
      )}
    </section>
  );
}
