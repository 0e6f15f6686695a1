// The constants the storefront's first screen reads (its shell and the home page), kept once for both
// sides like the rest of ./constants.ts, in a file of their own: a module's every export used by any
// page goes with it, so the first load carries these and not the whole of ./constants.ts (as
// ./messages/catalog-shell.ts does for the texts).

export const HOME_SECTION_COMPUTED = 8;
export const HOME_SECTION_SHOWN = 4;
/** The home page's sections below the hero, in the order a shop starts with (the owner may change it, issue 35). */
export const HOME_SECTIONS = ['sale', 'newest', 'categories'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/**
 * The `sizes` of the product pictures the storefront draws (how wide at each screen width). The
 * server's preload hints for a page's main picture name the same, so the browser picks the same file.
 */
export const PRODUCT_IMAGE_SIZES = {
  /** A card in the shop's grids: 2 columns on phones, 3 on tablets, 4 on desktops. */
  card: '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  /** The main picture of the product details page: half the page on desktops, all of it on phones. */
  gallery: '(min-width: 1024px) 50vw, 100vw',
  /** The home page's first showcase picture (src/web/features/home/hero.tsx): half a phone's width. */
  hero: '(min-width: 1024px) 400px, 46vw',
} as const;

export const QUANTITY_FROM_CARD = 1;

export const SCROLL_THRESHOLD_PX = 20;

export const HERO_SCROLL_OFFSET_PX = 80;

export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;
export const QUERY_STALE_MS = 5 * 60 * 1000;

/** Browser storage keys of SPEC §3. */
export const STORAGE_KEYS = {
  token: 'userToken',
  role: 'userRole',
  username: 'username',
  email: 'email',
  favorites: 'favorites',
  selectedCategory: 'selectedCategory',
  /** The shop's language the visitor chose (src/web/i18n/language-choice.ts), beside the nour_lang cookie. */
  language: 'language',
  /** Never written: SPEC §3 names it, DESIGN §3 keeps passwords out of the browser; logout removes it. */
  legacyPassword: 'userPassword',
} as const;

/** The header that carries the session token (SPEC §6). */
export const TOKEN_HEADER = 'token';

/** The web app's addresses that e-mails link to (paths.ts declares its routes with them). */
export const LINKED_FROM_MAIL = {
  myOrders: '/allorders',
  /** One order's page (`:id` its id): where an order's e-mails lead. */
  order: '/orders/:id',
  resetPassword: '/reset-password',
} as const;
