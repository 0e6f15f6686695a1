import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FolderX, PackageOpen } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LISTING_PAGE_SIZE } from '@/shared/constants';
import { optionFilterValues, pageOf } from '@/shared/listing';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { Pagination } from '@/web/components/pagination';
import {
  FIRST_ROW_ON_PHONES,
  ProductGrid,
  ProductGridSkeleton,
} from '@/web/components/product-card/product-grid';
import type { ShownProduct } from '@/web/components/product-card/product-view';
import { ApiError } from '@/web/lib/api';
import { localizedName } from '@/web/lib/localized';
import { useDocumentTitle } from '@/web/lib/shop';
import { productListQuery } from '@/web/lib/api/get-products';
import { inSizeOrder } from '@/web/lib/size-order';
import { categoryProductsQuery } from './api/get-category-products';
import { FacetFilter, toggled } from './listing-filters';
import { href } from '@/web/paths';

const m = messages.catalog;
const v = messages.variants;

/** Products on a category page open the slug route (SPEC §2). */
function slugHref(product: ShownProduct): string | undefined {
  return product.slug ? href.product(product.slug) : undefined;
}

function CategoryNotFound() {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<FolderX className="size-7" aria-hidden="true" />}
      title={m.categoryNotFound}
      message={m.categoryNotFoundText}
      primary={{ label: m.returnToHome, to: href.home() }}
    />
  );
}

/**
 * /category/{slug}: the category's name, its heading and its products (SPEC §2, DESIGN §3), twelve a
 * page with the listing's pager, the page in the URL.
 */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const size = optionFilterValues(searchParams.get('size'));
  const color = optionFilterValues(searchParams.get('color'));
  const filtered = size.length > 0 || color.length > 0;
  const {
    data: categoryData,
    isPending: categoryPending,
    isError,
    error,
  } = useQuery({
    ...categoryProductsQuery(slug, page),
    // While the next page loads the current one stays; another category's products never stand in.
    placeholderData: (previous) => (previous?.category?.slug === slug ? previous : undefined),
  });
  // Sizes and colours (issue 13): the catalogue's listing answers them as facets, for this category
  // under the chosen ones, newest first as the category's own list; without a choice one product is
  // enough to learn which sizes and colours exist.
  const sized = useQuery({
    ...productListQuery({
      category: slug,
      size: size.join(',') || undefined,
      color: color.join(',') || undefined,
      sort: 'newest',
      page: filtered ? page : 1,
      limit: filtered ? LISTING_PAGE_SIZE : 1,
    }),
    enabled: Boolean(categoryData?.category),
    placeholderData: keepPreviousData,
  });
  const facets = sized.data?.facets;
  const data =
    filtered && categoryData
      ? sized.data
        ? { ...categoryData, ...sized.data, category: categoryData.category }
        : undefined
      : categoryData;
  const isPending = categoryPending || (filtered && !sized.data);
  const choose = (next: { size?: string[]; color?: string[] }) => {
    const params = new URLSearchParams();
    const nextSize = next.size ?? size;
    const nextColor = next.color ?? color;
    if (nextSize.length > 0) params.set('size', nextSize.join(','));
    if (nextColor.length > 0) params.set('color', nextColor.join(','));
    setSearchParams(params);
  };
  // A page past the end (an old link, fewer products since) goes back to the first.
  const pastTheEnd = data !== undefined && data.totalCount > 0 && page > data.totalPages;
  useEffect(() => {
    if (pastTheEnd) setSearchParams({}, { replace: true });
  }, [pastTheEnd, setSearchParams]);
  useDocumentTitle(data?.category ? localizedName(data.category) : m.category);

  if (isError) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return <CategoryNotFound />;
    return <LoadFailure />;
  }
  if (!isPending && !data?.category) return <CategoryNotFound />;

  const category = data?.category;
  const categoryName = category ? localizedName(category) : undefined;
  return (
    <div className="shell py-10 sm:py-14">
      <nav aria-label={m.breadcrumb} className="mb-6 text-xs text-muted">
        <Link to={href.categories()} className="hover:text-ink">
          {m.allCategoriesTitle}
        </Link>
        <span aria-hidden="true" className="mx-2">
          /
        </span>
        <span className="text-ink-soft">{categoryName ?? '…'}</span>
      </nav>
      <header className="mb-10 max-w-2xl">
        {category ? (
          <>
            <p className="eyebrow mb-3">{categoryName}</p>
            <h1 className="text-title text-ink sm:text-[2.5rem]">
              {format(m.categoryHeading, { name: categoryName ?? '' })}
            </h1>
          </>
        ) : (
          <div className="space-y-3" aria-hidden="true">
            <div className="h-3 w-24 animate-pulse rounded-pill bg-sand" />
            <div className="h-10 w-full animate-pulse rounded-pill bg-sand" />
          </div>
        )}
      </header>
      {facets && (filtered || facets.size.length > 0 || facets.color.length > 0) ? (
        <div
          className="mb-8 flex flex-wrap gap-x-10 gap-y-5 border-y border-line py-5"
          aria-label={m.filters}
          role="group"
        >
          <FacetFilter
            legend={v.sizeFilter}
            facets={inSizeOrder(facets.size)}
            chosen={size}
            swatches={false}
            onToggle={(value) => choose({ size: toggled(size, value) })}
          />
          <FacetFilter
            legend={v.colorFilter}
            facets={facets.color}
            chosen={color}
            swatches
            onToggle={(value) => choose({ color: toggled(color, value) })}
          />
        </div>
      ) : null}
      {isPending || pastTheEnd || !data ? (
        <ProductGridSkeleton count={8} />
      ) : data.products.length === 0 && filtered ? (
        <EmptyState
          icon={<PackageOpen className="size-7" aria-hidden="true" />}
          message={m.noProductsText}
          primary={{ label: m.resetFilters, to: href.category(slug) }}
        />
      ) : data.products.length === 0 ? (
        <EmptyState
          icon={<PackageOpen className="size-7" aria-hidden="true" />}
          message={m.categoryEmpty}
          primary={{ label: m.browseOtherCategories, to: href.categories() }}
          secondary={{ label: m.returnToHome, to: href.home() }}
        />
      ) : (
        <div className="flex flex-col gap-10">
          <ProductGrid products={data.products} hrefOf={slugHref} eagerCount={FIRST_ROW_ON_PHONES} />
          <Pagination
            page={page}
            totalPages={data.totalPages}
            onPageChange={(next) => {
              const params = new URLSearchParams(searchParams);
              if (next > 1) params.set('page', String(next));
              else params.delete('page');
              setSearchParams(params);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </div>
      )}
    </div>
  );
}
