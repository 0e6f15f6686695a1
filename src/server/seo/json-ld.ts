import type {
  BreadcrumbList,
  ItemAvailability,
  Offer,
  Organization,
  Product,
  UnitPriceSpecification,
  WithContext,
} from 'schema-dts';
import { plainAmount } from './head';

const IN_STOCK: ItemAvailability = 'https://schema.org/InStock';
const OUT_OF_STOCK: ItemAvailability = 'https://schema.org/OutOfStock';

/** The product as its structured data needs it (a product answer, in the page's language). */
export interface ProductFacts {
  name: string;
  description: string;
  url: string;
  /** Absolute image URLs, the first the main one. */
  images: string[];
  /** In EGP. */
  price: number;
  finalPrice: number;
  inStock: boolean;
  averageRating: number;
  ratingCount: number;
  category?: string | undefined;
  variants: { sku: string; label: string; price: number; finalPrice: number; inStock: boolean }[];
}

/**
 * A price as Google reads a sale: `price` on the offer is what the shopper pays; when a discount
 * lowers it, a second price specification of type StrikethroughPrice carries the price before. This is
 * the form Google's merchant listings document for "was/now" prices (a `ListPrice` would claim the
 * manufacturer's recommended price, which the shop does not know).
 */
function offerOf(
  facts: { price: number; finalPrice: number; inStock: boolean; url: string },
  shopName: string,
  extra: Partial<Pick<Offer & object, 'sku' | 'name'>> = {},
): Offer {
  const specifications: UnitPriceSpecification[] = [];
  if (facts.finalPrice < facts.price) {
    specifications.push(
      { '@type': 'UnitPriceSpecification', price: plainAmount(facts.finalPrice), priceCurrency: 'EGP' },
      {
        '@type': 'UnitPriceSpecification',
        priceType: 'https://schema.org/StrikethroughPrice',
        price: plainAmount(facts.price),
        priceCurrency: 'EGP',
      },
    );
  }
  return {
    '@type': 'Offer',
    ...extra,
    url: facts.url,
    price: plainAmount(facts.finalPrice),
    priceCurrency: 'EGP',
    availability: facts.inStock ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: shopName },
    ...(specifications.length > 0 ? { priceSpecification: specifications } : {}),
  };
}

/**
 * A product and its offer: one offer, or one per variant (its SKU, options and own price) when it is
 * sold in sizes or colours; a rating only when someone has rated it (a 0 would be a false claim).
 */
export function productJsonLd(facts: ProductFacts, shopName: string): WithContext<Product> {
  const offers =
    facts.variants.length > 0
      ? facts.variants.map((variant) =>
          offerOf({ ...variant, url: facts.url }, shopName, { sku: variant.sku, name: variant.label }),
        )
      : offerOf(facts, shopName);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: facts.name,
    description: facts.description,
    url: facts.url,
    ...(facts.images.length > 0 ? { image: facts.images } : {}),
    brand: { '@type': 'Brand', name: shopName },
    ...(facts.category ? { category: facts.category } : {}),
    offers,
    ...(facts.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: facts.averageRating,
            ratingCount: facts.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Home › … › the page: each step's name and absolute URL, in order. */
export function breadcrumbJsonLd(steps: { name: string; url: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** The shop itself, on its home page: its name, address and (when it has them) logo and social pages. */
export function organizationJsonLd(shop: {
  name: string;
  url: string;
  logo?: string | undefined;
  sameAs?: readonly string[] | undefined;
}): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shop.name,
    url: shop.url,
    ...(shop.logo ? { logo: shop.logo } : {}),
    ...(shop.sameAs && shop.sameAs.length > 0 ? { sameAs: [...shop.sameAs] } : {}),
  };
}
