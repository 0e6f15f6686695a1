import { useQuery } from '@tanstack/react-query';
import { FolderX, PackageOpen } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { format, messages } from '@/shared/messages';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import {
  FIRST_ROW_ON_PHONES,
  ProductGrid,
  ProductGridSkeleton,
} from '@/web/components/product-card/product-grid';
import type { ShownProduct } from '@/web/components/product-card/product-view';
import { ApiError } from '@/web/lib/api';
import { useDocumentTitle } from '@/web/lib/shop';
import { categoryProductsQuery } from './catalog-api';

const m = messages.catalog;

/** Products on a category page open the slug route (SPEC §2). */
function slugHref(product: ShownProduct): string | undefined {
  return product.slug ? `/product/${encodeURIComponent(product.slug)}` : undefined;
}

function CategoryNotFound() {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<FolderX className="size-7" aria-hidden="true" />}
      title={m.categoryNotFound}
      message={m.categoryNotFoundText}
      primary={{ label: m.returnToHome, to: '/' }}
    />
  );
}

/** /category/{slug}: the category's name, its heading and its products (SPEC §2, DESIGN §3). */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const { data, isPending, isError, error } = useQuery(categoryProductsQuery(slug));
  useDocumentTitle(data?.category?.name ?? m.category);

  if (isError) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return <CategoryNotFound />;
    return <LoadFailure />;
  }
  if (!isPending && !data.category) return <CategoryNotFound />;

  const category = data?.category;
  return (
    <div className="shell py-10 sm:py-14">
      <nav aria-label={m.breadcrumb} className="mb-6 text-xs text-muted">
        <Link to="/categories" className="hover:text-ink">
          {m.allCategoriesTitle}
        </Link>
        <span aria-hidden="true" className="mx-2">
          /
        </span>
        <span className="text-ink-soft">{category?.name ?? '…'}</span>
      </nav>
      <header className="mb-10 max-w-2xl">
        {category ? (
          <>
            <p className="eyebrow mb-3">{category.name}</p>
            <h1 className="text-title text-ink sm:text-[2.5rem]">
              {format(m.categoryHeading, { name: category.name })}
            </h1>
          </>
        ) : (
          <div className="space-y-3" aria-hidden="true">
            <div className="h-3 w-24 animate-pulse rounded-pill bg-sand" />
            <div className="h-10 w-full animate-pulse rounded-pill bg-sand" />
          </div>
        )}
      </header>
      {isPending ? (
        <ProductGridSkeleton count={8} />
      ) : data.products.length === 0 ? (
        <EmptyState
          icon={<PackageOpen className="size-7" aria-hidden="true" />}
          message={m.categoryEmpty}
          primary={{ label: m.browseOtherCategories, to: '/categories' }}
          secondary={{ label: m.returnToHome, to: '/' }}
        />
      ) : (
        <ProductGrid products={data.products} hrefOf={slugHref} eagerCount={FIRST_ROW_ON_PHONES} />
      )}
    </div>
  );
}
