/** Business constants of SPEC §9 and DESIGN §2–§3, kept once for both sides. */

export const CATEGORY_NAMES = [
  'New Born Girls',
  'New Born Boys',
  'Girls',
  'Boys',
  'Mother and Child',
  'Women',
  'Accessories',
] as const;

/** The listing's "no category" value (SPEC §2). */
export const ALL_CATEGORIES = 'All categories';

export const CITIES = ['Cairo', 'Giza', 'Outside Cairo and Giza'] as const;
export type City = (typeof CITIES)[number];

/**
 * Shipping fee by city in EGP (DESIGN §3): the fees a new shop starts with. The owner changes them in the
 * admin's Settings (issue 16); orders are charged the settings' fees, on the server.
 */
export const SHIPPING_FEES: Record<City, number> = {
  Cairo: 70,
  Giza: 40,
  'Outside Cairo and Giza': 90,
};

/** The shop's policy pages (issue 16), at /pages/{page}, written by the owner in Markdown. */
export const POLICY_PAGES = ['shipping', 'returns', 'privacy', 'contact'] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];
/** The `<script type="application/json">` the server writes the public settings into, in every page. */
export const SHOP_SETTINGS_SCRIPT_ID = 'shop-settings';
/** The longest Markdown of one policy page in one language. */
export const POLICY_MARKDOWN_MAX = 20_000;

export const PAYMENT_TYPES = ['cash', 'instapay'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ORDER_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The owner may cancel only while the order is in one of these (DESIGN §2, SPEC §4 reading a). */
export const OWNER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed'];
/**
 * The statuses the dashboard's revenue counts: money the shop has accepted or received. Pending orders
 * may still be cancelled and cancelled ones were never paid. The screen calls 'completed' delivered.
 */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['confirmed', 'completed'];

/**
 * What happened to an order on the road (issue 36, DESIGN §6), beside SPEC's `status`: not shipped yet,
 * with the courier, delivered (the status becomes 'completed'), refused at the door or returned to the
 * shop (both put the stock back once, and the status becomes 'cancelled').
 */
export const DELIVERY_STATES = ['notShipped', 'shipped', 'delivered', 'refused', 'returned'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** Who carries a parcel: the shop's own delivery person ('manual', shipped by hand) or a courier's API. */
export const COURIERS = ['manual', 'bosta'] as const;
export type Courier = (typeof COURIERS)[number];
/** Who moved an order's delivery: a staff member, the courier (its webhook), or the shop's own rules. */
export const DELIVERY_SOURCES = ['staff', 'courier', 'shop'] as const;
export type DeliverySource = (typeof DELIVERY_SOURCES)[number];

/**
 * How the owner reached the customer about an order awaiting confirmation (issue 37): a call, or
 * WhatsApp (a message by hand, or the shop's own through WhatsApp Business, answered by her buttons).
 */
export const CONTACT_CHANNELS = ['phone', 'whatsapp'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
/**
 * What came of a contact: she confirmed, did not answer, asked to change the order (her size, her
 * address: the owner changes it while the order awaits), or cancelled it.
 */
export const CONTACT_OUTCOMES = ['confirmed', 'noAnswer', 'askedToChange', 'cancelled'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
/** Who logged a contact: a staff member, the customer (her WhatsApp reply), or the shop's rules (no answer in time). */
export const CONTACT_SOURCES = ['staff', 'customer', 'shop'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
/** The admin order list's confirmation filter: 'toConfirm' is an order awaiting the customer's word. */
export const CONFIRMATION_FILTERS = ['toConfirm'] as const;
/**
 * Why an order is flagged on the desk (issue 37): its number refused a parcel before, has several
 * orders open at once, or is blocked by the owner.
 */
export const CUSTOMER_RISKS = ['refusedBefore', 'severalOpen', 'blocked'] as const;
export type CustomerRisk = (typeof CUSTOMER_RISKS)[number];
/** Open orders of one number from which the desk flags them. */
export const SEVERAL_OPEN_ORDERS = 2;
/** What a block refuses at checkout: cash on delivery only (she may pay first), or every order. */
export const BLOCK_MODES = ['cash', 'all'] as const;
export type BlockMode = (typeof BLOCK_MODES)[number];
/** The messages the shop sends on WhatsApp (issue 37), each an approved template of its own. */
export const WHATSAPP_PURPOSES = ['confirmation', 'status', 'shipped'] as const;
export type WhatsAppPurpose = (typeof WHATSAPP_PURPOSES)[number];
/** Where a message of the outbox goes: an e-mail, or a WhatsApp message (issue 37). */
export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The admin order list's date shortcuts: placed today, or in the last 7 days (today included), Cairo time. */
export const ORDER_PERIODS = ['today', '7d'] as const;
export type OrderPeriod = (typeof ORDER_PERIODS)[number];
/** The admin order list's proof filter: 'toCheck' is an InstaPay order with a proof not yet verified. */
export const PROOF_FILTERS = ['toCheck'] as const;
/** The shop's days (the admin's date filters, 'today' on the dashboard) are Cairo's. */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
/** The longest note an admin may add to a status change. */
export const STATUS_NOTE_MAX = 500;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PRODUCT_SORTS = [
  'featured',
  'priceAsc',
  'priceDesc',
  'nameAsc',
  'nameDesc',
  'newest',
  'discount',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const AVAILABILITIES = ['all', 'inStock', 'outOfStock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/**
 * Variants (issue 13): a product has at most this many options (Size, Color, ...), each a name and an
 * ordered list of values, and sells each combination it offers as a variant with its own stock.
 */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_PRODUCT_VARIANTS = 100;
/** `GET /product`'s option filters: the query parameter, and the option name it matches (in any case). */
export const OPTION_FILTERS = { size: 'Size', color: 'Color' } as const;
/** `GET /api/dashboard/low-stock` answers at most this many products and variants, the lowest stock first. */
export const LOW_STOCK_LIMIT = 50;
/** The low-stock threshold when neither the query nor `LOW_STOCK_THRESHOLD` gives one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

export const LISTING_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/** `GET /product` without `page` answers all matches up to this many (DESIGN §2). */
export const UNPAGED_PRODUCT_LIMIT = 1000;
export const ADMIN_PAGE_SIZE = 10;
/** The highest price in EGP: its piastres fit PostgreSQL's integer (2,147,483,647) with room to spare. */
export const MAX_PRICE_EGP = 10_000_000;
/** The most items of one product in stock (an integer column). */
export const MAX_STOCK = 1_000_000;
/** RFC 5321's longest address. */
export const EMAIL_MAX_LENGTH = 254;
export const RELATED_PRODUCTS_SHOWN = 5;
export const DASHBOARD_RECENT_PRODUCTS = 5;
/** Price slider's top when there are no products (SPEC §9). */
export const DEFAULT_PRICE_CEILING = 1000;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Width × height an upload may have: a small file that decodes to a huge canvas is a decompression bomb. */
export const MAX_IMAGE_MEGAPIXELS = 40;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
/** Widths generated for product images, for `srcset`. */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 1024] as const;
export const MAX_SUB_IMAGES = 8;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const MOBILE_BREAKPOINT_PX = 768;

export const TOAST_DURATION_MS = { success: 2000, error: 4000, blank: 4000, loading: Infinity } as const;
export const TOAST_MAX_WIDTH_PX = 350;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const CART_ADD_TOAST_MS = 1000;
export const SIGNIN_REDIRECT_DELAY_MS = 100;

export const CATEGORY_CAROUSEL = {
  autoplayMs: 2500,
  dragThresholdPx: 50,
  dragVelocity: 300,
} as const;
/** The product gallery's slide; it never moves on its own (issue 16). */
export const PRODUCT_CAROUSEL = { speedMs: 500 } as const;

/** Stock colour thresholds in the admin product list (SPEC §9). */
export const STOCK_PLENTY_ABOVE = 10;

/** The admin product list's spinner and the order detail's loading state last at least this long (SPEC §4). */
export const ADMIN_LOADING_MIN_MS = 300;

/** Order id shown truncated in the admin order list (SPEC §9). */
export const ORDER_ID_SHORT = { table: 10, card: 8 } as const;
export const ORDER_CARD_PRODUCTS_SHOWN = 2;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long a password-reset link works (issue 15). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
