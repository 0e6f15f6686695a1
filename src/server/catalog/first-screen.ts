import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/query-core';
import { apiUrl } from '@/shared/api-url';
import { LISTING_PAGE_SIZE } from '@/shared/constants';
import { PRODUCT_IMAGE_SIZES } from '@/shared/shell-constants';
import { catalogQueryKeys, HOME_SECTION_SORTS, homeSectionParams } from '@/shared/first-screen';
import { apiQueryOf, pageOf, readFilters } from '@/shared/listing';
import { messages } from '@/shared/messages';
import { CategoryProductsQuerySchema } from '@/shared/schemas/category';
import { idOrSlugParam } from '@/shared/schemas/common';
import type { ImageDto, ProductDto } from '@/shared/schemas/product';
import { ProductQuerySchema } from '@/shared/schemas/product';
import type { Language } from '@/shared/language';
import escapeHtml from 'escape-html';
import { AppError } from '../errors';
import { nameIn } from '../seo/pages';
import type { FirstScreen } from '../plugins/web-app';
import type { CatalogService } from './service';

const DETAILS_PATH = /^\/(?:product|productdetails)\/([^/]+)\/?$/;
const CATEGORY_PATH = /^\/category\/([^/]+)\/?$/;

/**
 * The storefront's modules for these pages (src/web/router.tsx loads them lazily), by their source
 * paths as the build's manifest names them: preloaded with the page, so its code does not wait for the
 * app's to run first.
 */
export const FIRST_SCREEN_MODULES = {
  listing: 'src/web/features/catalog/products-page.tsx',
  details: 'src/web/features/catalog/product-details-page.tsx',
  category: 'src/web/features/catalog/category-page.tsx',
} as const;

/** The picture a product card shows (SPEC §2): the default image, else the first of the others. */
function cardImage(product: ProductDto | undefined): ImageDto | undefined {
  if (product?.defaultImage.url) return product.defaultImage;
  return product?.images[0]?.url ? product.images[0] : undefined;
}

function preload(image: ImageDto | undefined, sizes: string): FirstScreen['image'] {
  return image?.url ? { url: image.url, srcset: image.srcset, sizes } : undefined;
}

/**
 * The product page's main picture where the page draws it (src/web/features/catalog/product-details-page.tsx:
 * the page's padding, a line for the breadcrumb, the gallery's first slide), shown from the HTML while the
 * scripts load: the page's largest paint is then this picture, which needs no script. The app's first
 * render replaces it with the gallery.
 */
function productPictureFrame(image: NonNullable<FirstScreen['image']>, alt: string): string {
  const srcset = image.srcset
    ? ` srcset="${escapeHtml(image.srcset)}" sizes="${escapeHtml(image.sizes)}"`
    : '';
  return (
    '<main class="flex-1"><div class="shell py-8 sm:py-12"><div class="mb-8 h-4"></div>' +
    '<div class="grid gap-10 lg:grid-cols-2 lg:gap-16"><div class="overflow-hidden rounded-card bg-sand">' +
    `<img src="${escapeHtml(image.url)}"${srcset} alt="${escapeHtml(alt)}" width="640" height="800"` +
    ' fetchpriority="high" class="block aspect-[4/5] w-full object-cover">' +
    '</div></div></div></main>'
  );
}

/**
 * Each `[queryKey, data]` as TanStack Query's dehydrated state, fetched now as far as the storefront's
 * cache can tell: it serves the data while it is fresh and asks again once it is stale, as it would
 * for data it fetched itself.
 */
function dehydrated(...entries: Array<[QueryKey, unknown]>): DehydratedState {
  const client = new QueryClient();
  const updatedAt = Date.now();
  for (const [queryKey, data] of entries) client.setQueryData(queryKey, data, { updatedAt });
  return dehydrate(client);
}

/**
 * What the listing, product and category pages need first, for the server to send inside the page:
 * the data of the query the storefront would make once its scripts run, under that query's key
 * (src/shared/first-screen.ts), and the picture it will show largest. The browser then fetches that
 * picture while the scripts load, and the first screen needs no request of its own. The data is
 * exactly what the query would get from the routes (same service, same query, built by the shared
 * helpers the storefront uses); any other page gets nothing, and so asks as usual.
 */
export function catalogFirstScreen(
  catalog: CatalogService,
  /** The owner's hero picture (issue 35), which the home page shows first in place of a newest piece. */
  heroImage: () => Promise<ImageDto | null> = async () => null,
) {
  /**
   * The home page's two sections, so they are drawn with the first render: nothing moves when they
   * arrive (the sale section would push the newest one down), and the hero's first picture (the
   * owner's hero picture, else a newest piece, as src/web/features/home/hero.tsx shows) is fetched
   * with the scripts.
   */
  async function home(): Promise<FirstScreen> {
    const [hero, sections] = await Promise.all([
      heroImage(),
      Promise.all(
        HOME_SECTION_SORTS.map(async (sort) => {
          const params = homeSectionParams(sort);
          const answer = { success: true, ...(await catalog.listProducts(ProductQuerySchema.parse(params))) };
          return { sort, key: catalogQueryKeys.products.list(params), answer };
        }),
      ),
    ]);
    const newest = sections.find((section) => section.sort === 'newest')?.answer.products ?? [];
    return {
      state: dehydrated(...sections.map(({ key, answer }): [QueryKey, unknown] => [key, answer])),
      image: preload(hero ?? cardImage(newest[0]), PRODUCT_IMAGE_SIZES.hero),
    };
  }

  async function listing(search: URLSearchParams): Promise<FirstScreen | undefined> {
    const params = apiQueryOf(readFilters(search, await catalog.categoryNames()));
    // The route's own check, on the query string the storefront would send.
    const url = apiUrl('/product', params);
    const query = ProductQuerySchema.safeParse(Object.fromEntries(new URL(url, 'http://shop').searchParams));
    if (!query.success) return undefined;
    const answer = { success: true, ...(await catalog.listProducts(query.data)) };
    return {
      state: dehydrated([catalogQueryKeys.products.list(params), answer]),
      image: preload(cardImage(answer.products[0]), PRODUCT_IMAGE_SIZES.card),
      modules: [FIRST_SCREEN_MODULES.listing],
    };
  }

  async function details(idOrSlug: string, language: Language): Promise<FirstScreen | undefined> {
    try {
      const product = await catalog.getProduct(idOrSlug);
      const image = preload(product.images[0], PRODUCT_IMAGE_SIZES.gallery);
      return {
        state: dehydrated([catalogQueryKeys.product(idOrSlug), product]),
        image,
        modules: [FIRST_SCREEN_MODULES.details],
        frame: image ? productPictureFrame(image, nameIn(product, language)) : undefined,
      };
    } catch (error) {
      // A missing product's page shows its not-found state after its own request.
      if (error instanceof AppError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  async function category(slug: string, search: URLSearchParams): Promise<FirstScreen | undefined> {
    const paging = { page: pageOf(search.get('page')), limit: LISTING_PAGE_SIZE };
    const url = apiUrl(`/category/${encodeURIComponent(slug)}/products`, paging);
    const query = CategoryProductsQuerySchema.safeParse(
      Object.fromEntries(new URL(url, 'http://shop').searchParams),
    );
    if (!query.success) return undefined;
    try {
      const result = await catalog.listCategoryProducts(slug, query.data);
      const answer = { success: true, message: messages.catalog.categoryProductsFetched, ...result };
      return {
        state: dehydrated([catalogQueryKeys.categoryProducts(slug, paging.page), answer]),
        image: preload(cardImage(answer.products[0]), PRODUCT_IMAGE_SIZES.card),
        modules: [FIRST_SCREEN_MODULES.category],
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  /** The path's id or slug when the API's route would take it (no NUL, not too long), else none. */
  const idOrSlugIn = (pattern: RegExp, path: string): string | undefined => {
    const parsed = idOrSlugParam.safeParse(pattern.exec(path)?.[1]);
    return parsed.success ? parsed.data : undefined;
  };

  return async (
    path: string,
    search: URLSearchParams,
    language: Language,
  ): Promise<FirstScreen | undefined> => {
    if (path === '/') return home();
    if (path === '/products' || path === '/products/') return listing(search);
    const product = idOrSlugIn(DETAILS_PATH, path);
    if (product) return details(product, language);
    const slug = idOrSlugIn(CATEGORY_PATH, path);
    return slug ? category(slug, search) : undefined;
  };
}
