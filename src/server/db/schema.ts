import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  BlockMode,
  City,
  ContactChannel,
  ContactOutcome,
  ContactSource,
  Courier,
  DeliverySource,
  DeliveryState,
  MessageChannel,
  OrderStatus,
  PaymentType,
  Role,
} from '@/shared/constants';
import type { GovernorateCode } from '@/shared/governorates';
import type { Language } from '@/shared/language';
import type { ShopSettings } from '@/shared/schemas/settings';
import type { ProductOption, SizeGuide, VariantOptions } from '@/shared/schemas/variants';

/**
 * A stored image: `key` names the original in the image store; `widths` lists the smaller copies made
 * for `srcset` (stored beside it as `{key without .webp}-{width}.webp`); `width` is the original's own
 * width, so `srcset` can offer it too. Rows stored before it was recorded have none.
 */
export interface StoredImage {
  key: string;
  widths: number[];
  width?: number;
}

/** The largest value of PostgreSQL's `integer`, the type of every money (piastres) and count column. */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/**
 * `products.low_stock` holds the stock up to this and this above it: the low-stock list reads it in
 * order for any threshold below it, and the stock of most products moves above it without changing it.
 */
export const LOW_STOCK_CAP = 16;

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    // Stored in lowercase: people type their email in any case, and it is one account.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull().default('user'),
    // Signed into every session token; a password reset raises it, so every earlier session ends.
    sessionVersion: integer('session_version').notNull().default(0),
    // The language the user chose for the shop and its e-mails (issue 14); null until they choose one.
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'ar')`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // The Arabic name (issue 14), empty when the owner has not written one: Arabic pages fall back to `name`.
    nameAr: text('name_ar').notNull().default(''),
    // The category's own words for its page (issue 35), English and Arabic; empty when the owner wrote none.
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    slug: text('slug').notNull(),
    image: jsonb('image').$type<StoredImage>(),
    // The category's size chart (issue 13), shown beside its products' size choice.
    sizeGuide: jsonb('size_guide').$type<SizeGuide>(),
    // The owner's order of the categories (issue 16), which the storefront's lists follow. Numbered from
    // a sequence, so a category however created goes last; the admin's moves swap two of them.
    position: integer('position').notNull().generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_unique').on(t.slug),
    index('categories_name_idx').on(sql`lower(${t.name})`),
    index('categories_position_idx').on(t.position, t.createdAt, t.id),
  ],
);

/** A product's average rating, 0 when nobody rated it: what the featured sort orders by first. */
function featuredScore(ratingSum: AnyPgColumn, ratingCount: AnyPgColumn): SQL {
  return sql`coalesce(${ratingSum}::double precision / nullif(${ratingCount}, 0), 0)`;
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    // The Arabic texts (issue 14), empty when the owner has not written them: Arabic pages fall back to English.
    nameAr: text('name_ar').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    pricePiastres: integer('price_piastres').notNull(),
    discount: smallint('discount').notNull().default(0),
    // Kept on the row (computed on every write) so sorting and price filters use an index.
    finalPricePiastres: integer('final_price_piastres').notNull(),
    availableItems: integer('available_items').notNull().default(0),
    soldItems: integer('sold_items').notNull().default(0),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    defaultImage: jsonb('default_image').$type<StoredImage>(),
    subImages: jsonb('sub_images').$type<StoredImage[]>().notNull().default([]),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    // A stored column rather than an expression index, so a deep featured page is an index-only scan:
    // PostgreSQL reads an expression from an index only when the columns under it are in the index too.
    featuredScore: doublePrecision('featured_score')
      .notNull()
      .generatedAlwaysAs((): SQL => featuredScore(products.ratingSum, products.ratingCount)),
    // Whether any can be bought: the featured order puts sold-out products last (issue 16), and the
    // availability filter is an equality on it, so the featured index serves both in sort order.
    inStock: boolean('in_stock')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${products.availableItems} > 0`),
    // Its opposite, for the sorts that run upwards (cheapest, A to Z): every sort puts what can be bought
    // before what is sold out (issue 35), and a sort's columns all run one way (a row value compares
    // them at once, and one index walk serves them), so an upward sort starts on this one.
    soldOut: boolean('sold_out')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${products.availableItems} = 0`),
    // What the listing's search looks in (issue 18): the English and Arabic names in the search's one spelling
    // (src/shared/search-text.ts; the SQL function `search_normalize` comes with the migration),
    // trigram-indexed for substrings and typos.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`search_normalize(${products.name} || ' ' || ${products.nameAr})`),
    // Variants (issue 13). `available_items`/`sold_items` above are then the sums of the variants'; the
    // in-stock columns below are kept by the stock module whenever a variant's stock moves, so listing
    // cards and the size and colour filters read one row and never join the variants.
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    optionsInStock: jsonb('options_in_stock').$type<Record<string, string[]>>().notNull().default({}),
    inStockSizes: text('in_stock_sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStockColors: text('in_stock_colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The dashboard's low-stock list walks this, not `available_items`: an index naming the column every
    // sale changes would make every sale's update rewrite all of the row's index entries (the trigram GIN
    // among them) instead of a heap-only (HOT) update. This one changes only at or under LOW_STOCK_CAP.
    lowStock: smallint('low_stock')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`least(${products.availableItems}, ${sql.raw(String(LOW_STOCK_CAP))})`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // A listing card kept on every write (issue 18): the product's whole answer but its category as
    // JSON text, written by the SQL function `product_card` (migration 0015) with the byte 0x01 where
    // the object store's address prefix goes (JSON escapes every control character, so that byte is
    // nowhere else). A page of products is one field per row to read (in PGlite most of a fresh page's
    // time was decoding fields), and its answer is these texts joined, never parsed or serialized
    // again (src/server/catalog/queries.ts, `findProductCards`; a test holds it equal to `productDto`).
    card: text('card')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`product_card(${products.id}, ${products.name}, ${products.slug}, ${products.description}, ${products.nameAr}, ${products.descriptionAr}, ${products.pricePiastres}, ${products.discount}, ${products.finalPricePiastres}, ${products.availableItems}, ${products.soldItems}, ${products.ratingSum}, ${products.ratingCount}, ${products.createdAt}, ${products.defaultImage}, ${products.subImages}, ${products.options}, ${products.optionsInStock})`,
      ),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Every listing index ends on the id, the sort's tie-break, so the page query's OFFSET walks index
    // entries only (an index-only scan) and reads whole rows for the 12 products it answers. Each
    // starts on the in-stock flag the sort begins with (in stock first, issue 35): `sold_out` for the
    // upward sorts, walked forwards, `in_stock` for the downward ones, walked backwards.
    index('products_name_asc_idx').on(t.soldOut, t.name, t.id),
    index('products_name_desc_idx').on(t.inStock, t.name, t.id),
    index('products_price_asc_idx').on(t.soldOut, t.finalPricePiastres, t.id),
    index('products_price_desc_idx').on(t.inStock, t.finalPricePiastres, t.id),
    index('products_newest_idx').on(t.inStock, t.createdAt, t.id),
    index('products_discount_idx').on(t.inStock, t.discount, t.id),
    // A price range alone, and the highest price under the filters (the slider's end), walk the price itself.
    index('products_final_price_idx').on(t.finalPricePiastres, t.id),
    // The dashboard's newest products, sold out or not.
    index('products_created_at_idx').on(t.createdAt, t.id),
    index('products_category_created_idx').on(t.categoryId, t.inStock, t.createdAt, t.id),
    index('products_category_price_idx').on(t.categoryId, t.inStock, t.finalPricePiastres, t.id),
    // The listing's "featured" order (in stock first, best rated, then newest) walks this backwards
    // instead of sorting; an availability filter fixes its first column, so it serves that too.
    index('products_featured_idx').on(t.inStock, t.featuredScore, t.createdAt, t.id),
    // The same order inside one category: the storefront's category filter with the default sort.
    index('products_category_featured_idx').on(t.categoryId, t.inStock, t.featuredScore, t.createdAt, t.id),
    // A size or colour filter that few products match reads these; a common one walks the sort's index.
    index('products_in_stock_sizes_idx').using('gin', t.inStockSizes),
    index('products_in_stock_colors_idx').using('gin', t.inStockColors),
    // The dashboard's low-stock list: products without variants (a product with variants is listed
    // through them, and they have their own index).
    index('products_low_stock_idx')
      .on(t.lowStock, t.id)
      .where(sql`${t.options} = '[]'::jsonb`),
    check('products_discount_range', sql`${t.discount} between 0 and 100`),
    check('products_price_nonnegative', sql`${t.pricePiastres} >= 0`),
    check('products_stock_nonnegative', sql`${t.availableItems} >= 0`),
  ],
);

/** One combination of a product's options that the shop sells, with its own stock (issue 13). */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    options: jsonb('options').$type<VariantOptions>().notNull(),
    // Null: the product's price. The product's discount applies either way.
    pricePiastres: integer('price_piastres'),
    availableItems: integer('available_items').notNull().default(0),
    soldItems: integer('sold_items').notNull().default(0),
    // The owner's order of the variants (the matrix's order in the admin form).
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Unique in the shop whatever the case: 'LD-M' and 'ld-m' would be one label on a shelf.
    uniqueIndex('product_variants_sku_unique').on(sql`lower(${t.sku})`),
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_available_items_idx').on(t.availableItems, t.id),
    check('product_variants_stock_nonnegative', sql`${t.availableItems} >= 0`),
    check('product_variants_price_nonnegative', sql`${t.pricePiastres} >= 0`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('ratings_product_idx').on(t.productId),
    check('ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_user_unique').on(t.userId)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The chosen variant; a variant the owner removes takes its cart lines with it.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One line per product and variant: the same dress in two sizes is two lines. NULLS NOT DISTINCT so
    // a product without variants still has one line at most.
    unique('cart_lines_cart_product_variant_unique')
      .on(t.cartId, t.productId, t.variantId)
      .nullsNotDistinct(),
    index('cart_lines_variant_idx').on(t.variantId),
    index('cart_lines_product_idx').on(t.productId),
    check('cart_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The short number people say and search for (`N-10001`, DESIGN §2's `number`); sequential per shop.
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 10001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    // The phone in the one form the customer's record is kept by (issue 37, customerPhoneKey).
    phoneKey: text('phone_key').notNull().default(''),
    // Issue 37: the order waits for the customer's word before it ships, until `confirmBy`: then, still
    // unanswered, it is cancelled. Cleared once it is confirmed or cancelled.
    awaitsConfirmation: boolean('awaits_confirmation').notNull().default(false),
    confirmBy: timestamp('confirm_by', { withTimezone: true, mode: 'date' }),
    address: text('address').notNull(),
    street: text('street').notNull().default(''),
    building: text('building').notNull().default(''),
    floor: text('floor').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    area: text('area').notNull().default(''),
    city: text('city').$type<City>().notNull(),
    // Issue 36: the governorate delivered to (null: a SPEC §7 client's address named none), and the
    // zone it was charged as, by the zone's id (the zone's name may change later).
    governorate: text('governorate').$type<GovernorateCode>(),
    deliveryZoneId: text('delivery_zone_id'),
    // The zone's name as it was when the order was placed: the owner may rename or remove the zone.
    deliveryZoneName: jsonb('delivery_zone_name').$type<{ en: string; ar: string }>(),
    // Part of the grand total, apart from the shipping fee: the zone's fee for paying in cash.
    cashOnDeliveryFeePiastres: integer('cash_on_delivery_fee_piastres').notNull().default(0),
    // What happened on the road (DELIVERY_STATES), beside SPEC's status; its changes: delivery_history.
    delivery: text('delivery').$type<DeliveryState>().notNull().default('notShipped'),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    // A key in the private store; answered only as a signed, expiring link (DESIGN §3).
    paymentImageKey: text('payment_image_key'),
    // The owner's check of the payment, apart from the status (issue 15): set when marked received.
    paymentVerifiedAt: timestamp('payment_verified_at', { withTimezone: true }),
    paymentVerifiedBy: uuid('payment_verified_by').references(() => users.id, { onDelete: 'set null' }),
    totalPiastres: integer('total_piastres').notNull(),
    shippingFeePiastres: integer('shipping_fee_piastres').notNull(),
    grandTotalPiastres: integer('grand_total_piastres').notNull(),
    // The language the order was placed in: the shopper's e-mails about it are written in it (issue 14).
    language: text('language').$type<Language>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // The dashboard's 'proofs to check' and the list's filter: few rows, read on every dashboard visit.
    index('orders_proof_to_check_idx')
      .on(t.createdAt)
      .where(
        sql`${t.paymentType} = 'instapay' and ${t.paymentImageKey} is not null and ${t.paymentVerifiedAt} is null`,
      ),
    index('orders_delivery_created_idx').on(t.delivery, t.createdAt),
    index('orders_phone_key_idx').on(t.phoneKey),
    // The desk's 'To confirm' and the dashboard's count.
    index('orders_to_confirm_idx')
      .on(t.createdAt)
      .where(sql`${t.awaitsConfirmation}`),
    check('orders_status_check', sql`${t.status} in ('pending', 'confirmed', 'completed', 'cancelled')`),
    check(
      'orders_delivery_check',
      sql`${t.delivery} in ('notShipped', 'shipped', 'delivered', 'refused', 'returned')`,
    ),
    check('orders_payment_type_check', sql`${t.paymentType} in ('cash', 'instapay')`),
    check('orders_language_check', sql`${t.language} in ('en', 'ar')`),
  ],
);

/**
 * An order's life, oldest first: its placement ('pending', by the buyer) and every status change, with
 * who made it and the note they gave. Written in the transaction that changes the status.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [
    index('order_history_order_at_idx').on(t.orderId, t.at),
    check(
      'order_history_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'completed', 'cancelled')`,
    ),
  ],
);

/**
 * Every contact with the customer about an order awaiting confirmation (issue 37), oldest first: a
 * call or a WhatsApp message, who made it (a staff member; the customer, by her reply; the shop, when
 * nobody answered in time), what came of it, and a note.
 */
export const orderContacts = pgTable(
  'order_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ContactChannel>().notNull(),
    outcome: text('outcome').$type<ContactOutcome>().notNull(),
    source: text('source').$type<ContactSource>().notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_contacts_order_at_idx').on(t.orderId, t.at),
    check('order_contacts_channel_check', sql`${t.channel} in ('phone', 'whatsapp')`),
    check(
      'order_contacts_outcome_check',
      sql`${t.outcome} in ('confirmed', 'noAnswer', 'askedToChange', 'cancelled')`,
    ),
    check('order_contacts_source_check', sql`${t.source} in ('staff', 'customer', 'shop')`),
  ],
);

/**
 * What the owner keeps about a phone number (issue 37), by its one form (customerPhoneKey): her note,
 * and a block (why, and whether it refuses cash on delivery or every order). The counts of the
 * number's orders are read from the orders themselves. A number without a row has neither.
 */
export const customers = pgTable(
  'customers',
  {
    phoneKey: text('phone_key').primaryKey(),
    note: text('note').notNull().default(''),
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    blockReason: text('block_reason'),
    blockMode: text('block_mode').$type<BlockMode>(),
    blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('customers_block_mode_check', sql`${t.blockMode} is null or ${t.blockMode} in ('cash', 'all')`),
  ],
);

/**
 * What WhatsApp's webhook sent (issue 37), raw, once: `messageId` is Meta's id of the customer's message
 * or of the status (a replay finds its row and changes nothing). `outcome` says what it did.
 */
export const whatsappEvents = pgTable(
  'whatsapp_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventKey: text('event_key').notNull(),
    body: text('body').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_events_key_unique').on(t.eventKey),
    index('whatsapp_events_order_idx').on(t.orderId),
  ],
);

/**
 * An order's road (issue 36), oldest first: every change of its delivery state, with who or what made it
 * (a staff member, the courier's webhook, the shop's rules) and why. Written in the transaction that
 * changes `orders.delivery`; `courierEventId` names the webhook event that moved it, if one did.
 */
export const deliveryHistory = pgTable(
  'delivery_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').$type<DeliveryState>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    source: text('source').$type<DeliverySource>().notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    courierEventId: uuid('courier_event_id'),
  },
  (t) => [
    index('delivery_history_order_at_idx').on(t.orderId, t.at),
    check(
      'delivery_history_state_check',
      sql`${t.state} in ('notShipped', 'shipped', 'delivered', 'refused', 'returned')`,
    ),
    check('delivery_history_source_check', sql`${t.source} in ('staff', 'courier', 'shop')`),
  ],
);

/**
 * The parcel of an order (issue 36): one row per order once it is shipped by hand or sent to a courier.
 * `request` is how far the courier's copy has come: 'queued' (a job will create it), 'created' (the
 * courier has it: `externalId`, `trackingNumber`), 'failed' (the courier refused it: `lastError` says why),
 * 'cancelled'. The cash: what the courier is to collect, what it reported collected, and the payout that
 * settled it. `courierStateAt` is the courier's own time of the last event applied, so a late event that
 * happened before it changes nothing.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier').$type<Courier>().notNull(),
    request: text('request').$type<'queued' | 'created' | 'failed' | 'cancelled'>().notNull(),
    externalId: text('external_id'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    courierState: text('courier_state'),
    courierStateAt: timestamp('courier_state_at', { withTimezone: true, mode: 'date' }),
    cashToCollectPiastres: integer('cash_to_collect_piastres').notNull(),
    cashCollectedPiastres: integer('cash_collected_piastres'),
    collectedAt: timestamp('collected_at', { withTimezone: true, mode: 'date' }),
    payoutId: uuid('payout_id').references((): AnyPgColumn => courierPayouts.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_unique').on(t.orderId),
    index('shipments_courier_external_idx').on(t.courier, t.externalId),
    index('shipments_tracking_idx').on(t.trackingNumber),
    // 'Cash with couriers': collected, not yet settled.
    index('shipments_unsettled_idx')
      .on(t.courier)
      .where(sql`${t.cashCollectedPiastres} is not null and ${t.payoutId} is null`),
    check('shipments_courier_check', sql`${t.courier} in ('manual', 'bosta')`),
    check('shipments_request_check', sql`${t.request} in ('queued', 'created', 'failed', 'cancelled')`),
  ],
);

/** A courier's payout the owner marked received (issue 36): it settles the cash of the shipments it names. */
export const courierPayouts = pgTable('courier_payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  courier: text('courier').$type<Courier>().notNull(),
  amountPiastres: integer('amount_piastres').notNull(),
  reference: text('reference').notNull().default(''),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * What a courier's webhook sent (issue 36, DESIGN §6), raw, once: `eventKey` is the courier's own
 * identity of the event (a replay finds its row and changes nothing). `outcome` says what it did:
 * 'applied', 'stale' (older than what the order already knows), 'unknown' (no such shipment), 'ignored'.
 */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courier: text('courier').$type<Courier>().notNull(),
    eventKey: text('event_key').notNull(),
    body: text('body').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courier_events_key_unique').on(t.courier, t.eventKey),
    index('courier_events_order_idx').on(t.orderId),
  ],
);

/**
 * The job queue of calls out (DESIGN §6, src/server/jobs): written in the transaction of the change that
 * needs the call, run by a worker with a lease and backoff. `(kind, key)` is unique: the key is the
 * call's idempotency key (an order's shipment), so the same job is never queued twice. `doneAt` when
 * it succeeded, `failedAt` when it gave up (an answer that no retry can change); `lastError` says why.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_unique').on(t.kind, t.key),
    index('jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/** A line holds a snapshot of the product as it was sold, so editing or deleting it later changes no order. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    // The variant sold: its id while it exists (for returning stock), and what it was, kept for good.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    // A line of a product with variants ordered without one (a SPEC §7 client, issue 35) keeps
    // `{ sku: '', options: {}, toConfirm: true }` here and no variant id until the owner chooses it
    // (no stock is taken for it before): `awaitsVariant` in orders/lines.ts reads it. `optionsAr`: the
    // values in Arabic as they were then (issue 35); absent on orders placed before.
    variant: jsonb('variant').$type<{
      sku: string;
      options: VariantOptions;
      optionsAr?: VariantOptions;
      toConfirm?: true;
    }>(),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    slug: text('slug').notNull(),
    categoryName: text('category_name').notNull().default(''),
    categoryNameAr: text('category_name_ar').notNull().default(''),
    image: jsonb('image').$type<StoredImage>(),
    unitPricePiastres: integer('unit_price_piastres').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_variant_idx').on(t.variantId),
  ],
);

/** A retried `POST /order` with the same key returns the first order instead of placing a second. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Messages waiting to be sent, written in the same transaction as what they tell of (an order placed, a
 * status changed, a reset asked for), so a message exists exactly when its cause committed. The worker
 * of its `channel` (e-mail's, WhatsApp's: issue 37) claims a row by setting `lease_until` (two processes
 * never hold the same row), sends it, and sets `sent_at`; a failure sets `next_attempt_at` further out
 * each time, or `failed_at` when no retry can change it (WhatsApp refusing a template).
 *
 * A WhatsApp row keeps the Graph API's message in `payload`, its order in `order_id`, the purpose in
 * `subject` and what it says in `text`; `dedupe_key` (one confirmation per order) keeps it from being
 * queued twice, and `external_id` is Meta's id of the message once accepted.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<MessageChannel>().notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key'),
    externalId: text('external_id'),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    uniqueIndex('outbox_dedupe_key_unique').on(t.dedupeKey),
    index('outbox_order_idx').on(t.orderId),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'whatsapp')`),
  ],
);

/** A password-reset link: only the SHA-256 of its token is kept, so a leaked table opens no account. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * The owner's settings (issue 16): one row (`id` is always 1), written first from the environment's
 * values of old and then only from the admin's Settings. `settings` is checked by ShopSettingsSchema on
 * every write; the logo is an upload of its own, so it has a column beside it.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').$type<ShopSettings>().notNull(),
    logo: jsonb('logo').$type<StoredImage>(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

export type UserRow = typeof users.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type DeliveryHistoryRow = typeof deliveryHistory.$inferSelect;
export type CourierEventRow = typeof courierEvents.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type OrderContactRow = typeof orderContacts.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
