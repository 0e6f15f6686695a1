import { LISTING_PAGE_SIZE } from '@/shared/constants';
import type { Language } from '@/shared/language';
import { pageOf } from '@/shared/listing';
import { format } from '@/shared/messages';
import { formatEgp } from '@/shared/money-text';
import { idOrSlugParam } from '@/shared/schemas/common';
import type { ProductDetailDto } from '@/shared/schemas/product';
import { variantLabel } from '@/shared/variant-label';
import { AppError } from '../errors';
import type { CatalogService } from '../catalog/service';
import { absoluteUrl } from '../storage/public-url';
import { isAppRoute } from './app-routes';
import { localisedUrl, type PageHead } from './head';
import { breadcrumbJsonLd, organizationJsonLd, productJsonLd } from './json-ld';
import { isPolicyPageSlug, seoTexts, standardPolicyPageText, type PolicyPageTexts } from './policy-pages';

/** The shop as its pages' heads name it; a function, so a change of its settings shows at once. */
export interface SeoShop {
  name: string;
  /** The name the owner wrote in Arabic (Settings); empty or absent: Arabic pages say the English one. */
  nameAr?: string | undefined;
  /** Absolute or a path on this server. */
  logo?: string | undefined;
  /** The shop's pages elsewhere (Facebook, Instagram, TikTok), for the Organization's `sameAs`. */
  socialLinks?: readonly string[] | undefined;
}

export interface SeoPagesDeps {
  catalog: CatalogService;
  shop: () => SeoShop | Promise<SeoShop>;
  /** The owner's texts of the policy pages, when the settings hold them. */
  policyPageTexts?: PolicyPageTexts | undefined;
}

/** What the head of a page needs to know about its request. */
export interface PageRequest {
  path: string;
  search: URLSearchParams;
  language: Language;
  /** The shop's absolute origin (PUBLIC_URL, else the request's). */
  origin: string;
}

const PRODUCT_PATH = /^\/(?:product|productdetails)\/([^/]+)\/?$/;
const CATEGORY_PATH = /^\/category\/([^/]+)\/?$/;
const POLICY_PATH = /^\/pages\/([^/]+)\/?$/;
/** What search engines and previews show of a description; longer ones are cut at a word. */
const DESCRIPTION_MAX = 200;

/** A text on one line, at most DESCRIPTION_MAX characters, cut at a space with an ellipsis. */
export function summary(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Something the catalogue names in both languages: `nameAr` comes with the bilingual catalogue. */
interface Named {
  name: string;
  nameAr?: string | null | undefined;
}

/** A product's or category's name in `language`: the Arabic one when it has one, else the English. */
export function nameIn(thing: Named, language: Language): string {
  return language === 'ar' && thing.nameAr?.trim() ? thing.nameAr : thing.name;
}

/** A product's description in `language`, the English one when it has no Arabic one (`descriptionAr`). */
export function descriptionIn(
  product: { description: string; descriptionAr?: string | null | undefined },
  language: Language,
): string {
  return language === 'ar' && product.descriptionAr?.trim() ? product.descriptionAr : product.description;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/** `path` with `?page=N` when past the first page: each page of a listing is a page of its own. */
const paged = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * The head of every storefront page, from its address: its title, description, canonical address,
 * picture and structured data, in the page's language. A page that is nobody's to find (the cart, an
 * account page, a product that does not exist) gets the shop's head with `noindex`.
 */
export function seoPageHeads({ catalog, shop: shopOf, policyPageTexts }: SeoPagesDeps) {
  return async function pageHead({ path, search, language, origin }: PageRequest): Promise<PageHead> {
    const owner = await shopOf();
    // An Arabic page names the shop as the owner wrote it in Arabic, when she did.
    const shop = { ...owner, name: nameIn(owner, language) };
    const texts = seoTexts(language);
    const url = (page: string) => localisedUrl(origin, page, language);
    const image = (address: string | undefined) => (address ? absoluteUrl(address, origin) : undefined);
    const titled = (page: string) => format(texts.pageTitle, { page, shop: shop.name }, language);
    const home = { name: texts.home, url: url('/') };
    const firstProductImage = async () =>
      image((await catalog.listProducts({ page: 1, limit: LISTING_PAGE_SIZE })).products[0]?.images[0]?.url);

    const fallback = (title = shop.name, notFound = false): PageHead => ({
      language,
      siteName: shop.name,
      title,
      description: format(texts.homeDescription, { shop: shop.name }, language),
      path,
      type: 'website',
      noindex: true,
      ...(notFound ? { notFound } : {}),
      jsonLd: [],
    });

    if (path === '/') {
      return {
        language,
        siteName: shop.name,
        title: format(texts.homeTitle, { shop: shop.name }, language),
        description: format(texts.homeDescription, { shop: shop.name }, language),
        path: '/',
        type: 'website',
        image: image(shop.logo) ?? (await firstProductImage()),
        jsonLd: [
          organizationJsonLd({
            name: shop.name,
            url: url('/'),
            logo: image(shop.logo),
            sameAs: shop.socialLinks,
          }),
        ],
      };
    }

    if (path === '/products' || path === '/products/') {
      const page = pageOf(search.get('page'));
      const term = search.get('search')?.trim();
      const title = term ? format(texts.searchTitle, { search: term }, language) : texts.productsTitle;
      return {
        language,
        siteName: shop.name,
        title: titled(page > 1 ? format(texts.pageNumber, { title, page }, language) : title),
        description: format(texts.productsDescription, { shop: shop.name }, language),
        path: paged('/products', page),
        type: 'website',
        image: await firstProductImage(),
        // A search's results are a copy of the catalogue's pages, in an order nobody chose.
        noindex: Boolean(term),
        jsonLd: [],
      };
    }

    if (path === '/categories' || path === '/categories/') {
      return {
        language,
        siteName: shop.name,
        title: titled(texts.categoriesTitle),
        description: format(texts.categoriesDescription, { shop: shop.name }, language),
        path: '/categories',
        type: 'website',
        image: await firstProductImage(),
        jsonLd: [],
      };
    }

    const categoryPath = CATEGORY_PATH.exec(path);
    const categorySlug = idOrSlugParam.safeParse(categoryPath?.[1]);
    // An address no category could have (too long, say) is as missing as a slug nobody holds.
    if (categoryPath && !categorySlug.success) return fallback(titled(texts.categoryNotFound), true);
    if (categorySlug.success) {
      try {
        const category = await catalog.getCategory(categorySlug.data);
        const name = nameIn(category, language);
        const page = pageOf(search.get('page'));
        const own = `/category/${encodeURIComponent(category.slug)}`;
        return {
          language,
          siteName: shop.name,
          title: titled(page > 1 ? format(texts.pageNumber, { title: name, page }, language) : name),
          description: format(texts.categoryDescription, { category: name, shop: shop.name }, language),
          path: paged(own, page),
          type: 'website',
          image: image(category.image.url) ?? (await firstProductImage()),
          jsonLd: [breadcrumbJsonLd([home, { name, url: url(own) }])],
        };
      } catch (error) {
        if (isNotFound(error)) return fallback(titled(texts.categoryNotFound), true);
        throw error;
      }
    }

    const productPath = PRODUCT_PATH.exec(path);
    const productKey = idOrSlugParam.safeParse(productPath?.[1]);
    if (productPath && !productKey.success) return fallback(titled(texts.productNotFound), true);
    if (productKey.success) {
      let product: ProductDetailDto;
      try {
        product = await catalog.getProduct(productKey.data);
      } catch (error) {
        if (isNotFound(error)) return fallback(titled(texts.productNotFound), true);
        throw error;
      }
      return productHead(product, { language, origin, shopName: shop.name, home });
    }

    const policySlug = POLICY_PATH.exec(path)?.[1];
    if (policySlug && isPolicyPageSlug(policySlug)) {
      const text =
        (await policyPageTexts?.(policySlug, language)) ??
        standardPolicyPageText(policySlug, language, shop.name);
      return {
        language,
        siteName: shop.name,
        title: titled(text.title),
        description: summary(text.description),
        path: `/pages/${policySlug}`,
        type: 'website',
        image: image(shop.logo),
        jsonLd: [],
      };
    }

    // The cart, an account page, the admin's: the app's own pages without a head of their own. Any
    // other address (an unknown policy page among them) is the not-found screen's.
    return fallback(shop.name, !isAppRoute(path));
  };
}

/** A product page's head: its own words, price, stock, pictures, offer and breadcrumb. */
function productHead(
  product: ProductDetailDto,
  page: { language: Language; origin: string; shopName: string; home: { name: string; url: string } },
): PageHead {
  const { language, origin, shopName } = page;
  const texts = seoTexts(language);
  const words = { name: nameIn(product, language), description: descriptionIn(product, language) };
  const own = `/product/${encodeURIComponent(product.slug)}`;
  const url = localisedUrl(origin, own, language);
  const images = product.images
    .filter((picture) => picture.url)
    .map((picture) => absoluteUrl(picture.url, origin));
  const price = formatEgp(product.finalPrice, language);
  const description = words.description.trim()
    ? format(texts.productDescription, { price, description: summary(words.description) }, language)
    : format(texts.productDescriptionShort, { name: words.name, price, shop: shopName }, language);
  const category = product.category
    ? {
        name: nameIn(product.category, language),
        url: localisedUrl(origin, `/category/${encodeURIComponent(product.category.slug)}`, language),
      }
    : undefined;
  return {
    language,
    siteName: shopName,
    title: format(texts.pageTitle, { page: words.name, shop: shopName }, language),
    description,
    path: own,
    type: 'product',
    image: images[0],
    product: {
      price: product.finalPrice,
      originalPrice: product.finalPrice < product.price ? product.price : undefined,
      inStock: product.inStock,
    },
    jsonLd: [
      productJsonLd(
        {
          name: words.name,
          description: summary(words.description) || words.name,
          url,
          images,
          price: product.price,
          finalPrice: product.finalPrice,
          inStock: product.inStock,
          averageRating: product.averageRating,
          ratingCount: product.ratingCount,
          category: category?.name,
          variants: product.variants.map((variant) => ({
            sku: variant.sku,
            label: variantLabel(product.options, variant.options),
            price: variant.price,
            finalPrice: variant.finalPrice,
            inStock: variant.inStock,
          })),
        },
        shopName,
      ),
      breadcrumbJsonLd([page.home, ...(category ? [category] : []), { name: words.name, url }]),
    ],
  };
}
