import { desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { SEVERAL_OPEN_ORDERS, type BlockMode, type CustomerRisk } from '@/shared/constants';
import { customerPhoneKey } from '@/shared/customer-phone';
import type { CustomerDto, CustomerPatch, CustomerRecordDto } from '@/shared/schemas/confirmation';
import type { DbOrTx } from '../db/client';
import { customers, orders, users } from '../db/schema';
import { containsText } from '../db/text-search';

/** The counts of one number's orders as they went (issue 37). */
const counts = {
  orders: sql<number>`count(*)::integer`,
  delivered: sql<number>`(count(*) filter (where ${orders.delivery} = 'delivered'))::integer`,
  refused: sql<number>`(count(*) filter (where ${orders.delivery} = 'refused'))::integer`,
  returned: sql<number>`(count(*) filter (where ${orders.delivery} = 'returned'))::integer`,
  // A refused or returned parcel cancels its order: it is counted once, as what happened to it.
  cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'
    and ${orders.delivery} not in ('refused', 'returned')))::integer`,
  open: sql<number>`(count(*) filter (where ${orders.status} in ('pending', 'confirmed')
    and ${orders.delivery} in ('notShipped', 'shipped')))::integer`,
};

type Counts = { [K in keyof typeof counts]: number };
type Kept = Pick<typeof customers.$inferSelect, 'note' | 'blockedAt' | 'blockReason' | 'blockMode'>;

const NOTHING_KEPT: Kept = { note: '', blockedAt: null, blockReason: null, blockMode: null };
const NO_ORDERS: Counts = { orders: 0, delivered: 0, refused: 0, returned: 0, cancelled: 0, open: 0 };

function recordDto(phone: string, tally: Counts, kept: Kept): CustomerRecordDto {
  const blocked =
    kept.blockedAt && kept.blockMode
      ? { reason: kept.blockReason ?? '', mode: kept.blockMode, at: kept.blockedAt.toISOString() }
      : null;
  const risks: CustomerRisk[] = [];
  if (tally.refused > 0) risks.push('refusedBefore');
  if (tally.open >= SEVERAL_OPEN_ORDERS) risks.push('severalOpen');
  if (blocked) risks.push('blocked');
  return { phone, ...tally, note: kept.note, blocked, risks };
}

/** What checkout reads of a number (issue 37): the owner's block and its orders' counts. */
export interface CustomerStanding {
  blocked: { mode: BlockMode } | null;
  orders: number;
  refused: number;
}

/** How many orders a number placed and how many of its parcels it refused: what the prepay rules read. */
export async function customerCounts(
  db: DbOrTx,
  phoneKey: string,
): Promise<Pick<CustomerStanding, 'orders' | 'refused'>> {
  const [tally] = await db
    .select({ orders: counts.orders, refused: counts.refused })
    .from(orders)
    .where(eq(orders.phoneKey, phoneKey));
  return { orders: tally?.orders ?? 0, refused: tally?.refused ?? 0 };
}

/**
 * The records of these numbers (each in its one form, customerPhoneKey), in two statements whatever
 * their count: the orders' tallies, and what the owner keeps. A number with no orders has zeros.
 */
export async function customerRecords(
  db: DbOrTx,
  phoneKeys: string[],
): Promise<Map<string, CustomerRecordDto>> {
  const keys = [...new Set(phoneKeys)];
  if (keys.length === 0) return new Map();
  const [tallies, kept] = await Promise.all([
    db
      .select({ phoneKey: orders.phoneKey, ...counts })
      .from(orders)
      .where(inArray(orders.phoneKey, keys))
      .groupBy(orders.phoneKey),
    db.select().from(customers).where(inArray(customers.phoneKey, keys)),
  ]);
  const tallyOf = new Map(tallies.map(({ phoneKey, ...tally }) => [phoneKey, tally]));
  const keptOf = new Map(kept.map((row) => [row.phoneKey, row]));
  return new Map(
    keys.map((key) => [key, recordDto(key, tallyOf.get(key) ?? NO_ORDERS, keptOf.get(key) ?? NOTHING_KEPT)]),
  );
}

export async function customerRecord(db: DbOrTx, phoneKey: string): Promise<CustomerRecordDto> {
  return (await customerRecords(db, [phoneKey])).get(phoneKey)!;
}

/** A name or a number, any way it is written: the numbers' one form holds the digits typed. */
function customerSearch(search: string): SQL {
  const digits = customerPhoneKey(search);
  return or(
    containsText(orders.name, search),
    ...(/\d{3,}/.test(digits) ? [containsText(orders.phoneKey, digits.replace(/^\+/, ''))] : []),
  )!;
}

/**
 * A page of the shop's customers, the latest to order first: one per number, named as her latest order
 * names her, with her record.
 */
export async function customerPage(
  db: DbOrTx,
  query: { search?: string | undefined; limit: number; offset: number },
): Promise<{ results: CustomerDto[]; total: number }> {
  const where = query.search ? customerSearch(query.search) : undefined;
  const lastOrderAt = sql<Date>`max(${orders.createdAt})`.mapWith(orders.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        phoneKey: orders.phoneKey,
        lastOrderAt,
        name: sql<string>`(array_agg(${orders.name} order by ${orders.createdAt} desc))[1]`,
        email: sql<string>`(array_agg(${users.email} order by ${orders.createdAt} desc))[1]`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .groupBy(orders.phoneKey)
      .orderBy(desc(lastOrderAt), orders.phoneKey)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: sql<number>`count(distinct ${orders.phoneKey})::integer` })
      .from(orders)
      .where(where),
  ]);
  const records = await customerRecords(
    db,
    rows.map((row) => row.phoneKey),
  );
  return {
    results: rows.map((row) => ({
      ...records.get(row.phoneKey)!,
      name: row.name,
      email: row.email,
      lastOrderAt: new Date(row.lastOrderAt).toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

/** One customer of the list, or null when no order has her number. */
export async function findCustomer(db: DbOrTx, phoneKey: string): Promise<CustomerDto | null> {
  const [row] = await db
    .select({ name: orders.name, email: users.email, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.phoneKey, phoneKey))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    ...(await customerRecord(db, phoneKey)),
    name: row.name,
    email: row.email,
    lastOrderAt: row.createdAt.toISOString(),
  };
}

/** Writes the owner's note or block (null lifts it) of a number; what the patch leaves out stays. */
export async function saveCustomer(
  db: DbOrTx,
  phoneKey: string,
  patch: CustomerPatch,
  byUserId: string,
): Promise<void> {
  const set: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
  if (patch.note !== undefined) set.note = patch.note;
  if (patch.block !== undefined) {
    Object.assign(
      set,
      patch.block === null
        ? { blockedAt: null, blockReason: null, blockMode: null, blockedBy: null }
        : {
            blockedAt: new Date(),
            blockReason: patch.block.reason,
            blockMode: patch.block.mode,
            blockedBy: byUserId,
          },
    );
  }
  await db
    .insert(customers)
    .values({ phoneKey, ...set })
    .onConflictDoUpdate({ target: customers.phoneKey, set });
}
