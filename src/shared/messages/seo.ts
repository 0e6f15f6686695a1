/**
 * What search engines and link previews (WhatsApp, Facebook, Instagram) read in a page's first HTML:
 * titles, descriptions and the feed's own texts. The server's alone, like the e-mails: outside
 * `messages`, so the web app's first download does not carry them.
 */
export const seo = {
  /** Every page's title but the home page's: the page, then the shop (as the storefront's tab titles). */
  pageTitle: '{page} | {shop}',
  homeTitle: '{shop}: clothing and accessories in Egypt',
  homeDescription:
    '{shop}: clothing and accessories, made for every day in Egypt. Pay cash on delivery or with InstaPay; we deliver across Egypt.',
  productsTitle: 'All products',
  productsDescription:
    'Every product at {shop}: new arrivals, sale prices, sizes and colours in stock, delivered across Egypt.',
  searchTitle: 'Results for {search}',
  /** A listing's later pages: each its own title, so search engines do not see them as copies. */
  pageNumber: '{title}, page {page}',
  categoriesTitle: 'Categories',
  categoriesDescription: 'Shop {shop} by category: clothing and accessories for women, children and babies.',
  categoryDescription: '{category} at {shop}: new arrivals and sale prices, delivered across Egypt.',
  /** A product's preview starts with its price: what a shared link should show first. */
  productDescription: '{price} – {description}',
  productDescriptionShort: '{name} for {price} at {shop}.',
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  home: 'Home',
  shippingTitle: 'Delivery and shipping',
  shippingDescription: 'Where {shop} delivers, how long it takes and what it costs.',
  returnsTitle: 'Returns and exchanges',
  returnsDescription: 'How to return or exchange a product bought at {shop}.',
  privacyTitle: 'Privacy policy',
  privacyDescription: 'What {shop} keeps about you, why, and how to have it removed.',
  contactTitle: 'Contact us',
  contactDescription: 'Reach {shop} by phone, WhatsApp or e-mail.',
  feedTitle: '{shop}: products',
  feedDescription: 'Every product of {shop}, with its price, stock, sizes and colours.',
} as const;
