import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SHIPPING_FEES, type City } from '@/shared/constants';
import { ShopSettingsSchema, type ShopSettings, type ShopSettingsPatch } from '@/shared/schemas/settings';
import type { Broadcast } from '../broadcast';
import type { Db, DbOrTx } from '../db/client';
import { writtenOnce } from '../db/prepared';
import { shopSettings, type StoredImage } from '../db/schema';
import { AppError } from '../errors';

/** The broadcast topic: "the settings changed, read them again". */
const SETTINGS_CHANGED = 'settings';
/**
 * How long settings read are trusted while this process may miss the others' word (starting, or its
 * listening connection lost): the issue's second. While it listens they are kept until told.
 */
const DEAF_LIFETIME_MS = 1_000;
const ROW_ID = 1;

export interface SettingsRecord {
  settings: ShopSettings;
  logo: StoredImage | null;
  updatedAt: Date;
}

/** The settings of a patch applied: a group (social, fees, a text's languages, a page) is merged part by part. */
export function mergeSettings(current: ShopSettings, patch: ShopSettingsPatch): ShopSettings {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const before = merged[key];
    merged[key] =
      typeof value === 'object' && value !== null && typeof before === 'object' && before !== null
        ? mergeSettingsGroup(before as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return merged as ShopSettings;
}

function mergeSettingsGroup(before: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const was = merged[key];
    merged[key] =
      typeof value === 'object' && value !== null && typeof was === 'object' && was !== null
        ? { ...(was as object), ...(value as object) }
        : value;
  }
  return merged;
}

/** The settings' one row. */
const settingsRow = writtenOnce((db) => db.select().from(shopSettings).where(eq(shopSettings.id, ROW_ID)));

/**
 * The shipping fee of a city (`city`: its SQL, e.g. a placeholder) as the settings row says it now, as
 * text, or null: a column for the statement that locks an order's cart, so the fee is read in the
 * order's transaction without a statement of its own. `shippingFeeOf` reads the answer.
 */
export function shippingFeeSql(city: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${shopSettings.settings} -> 'shippingFees' ->> ${city}::text
    from ${shopSettings} where ${shopSettings.id} = ${ROW_ID})`;
}

/**
 * The shipping fee of `city` in EGP from what `shippingFeeSql` read: the next order pays a changed fee,
 * and an order keeps the fee it was charged.
 */
export function shippingFeeOf(read: string | null | undefined, city: City): number {
  const fee = read === null || read === undefined ? NaN : Number(read);
  // No row yet (a database migrated but never served) charges DESIGN §3's fee.
  return Number.isFinite(fee) ? fee : SHIPPING_FEES[city];
}

export interface SettingsStoreDeps {
  db: Db;
  broadcast: Broadcast;
  /** The settings an empty database starts with (defaults.ts: the environment's values). */
  defaults: ShopSettings;
  log: { warn(details: object, message: string): void };
  /** What tells the time (tests may pass their own); by default `performance`. */
  clock?: { now(): number };
}

/**
 * The one owner of the shop's settings in this process: seeds them once into an empty database, keeps
 * them in memory, and reads them again when another process says they changed (the broadcast) or,
 * while it may not hear that, after a second. Writers go through it, so this process sees its own
 * change at once and the others within a moment.
 */
export async function createSettingsStore({
  db,
  broadcast,
  defaults,
  log,
  clock = performance,
}: SettingsStoreDeps) {
  await db.insert(shopSettings).values({ id: ROW_ID, settings: defaults }).onConflictDoNothing();

  let listening = false;
  let kept: { record: SettingsRecord; at: number } | undefined;
  /** Moves on every change heard: a read begun before it must not file what it read. */
  let generation = 0;
  let reading: Promise<SettingsRecord> | undefined;

  const fromRow = (row: typeof shopSettings.$inferSelect): SettingsRecord => ({
    // Fields added to the settings after this row was written start at their defaults.
    settings: { ...defaults, ...row.settings },
    logo: row.logo ?? null,
    updatedAt: row.updatedAt,
  });

  async function read(source: DbOrTx): Promise<SettingsRecord> {
    const started = generation;
    const [row] = await settingsRow(source, {});
    const record = row ? fromRow(row) : { settings: defaults, logo: null, updatedAt: new Date(0) };
    if (started === generation) kept = { record, at: clock.now() };
    return record;
  }

  const forget = () => {
    generation += 1;
    kept = undefined;
    reading = undefined;
  };

  const changedHere = (record: SettingsRecord) => {
    forget();
    kept = { record, at: clock.now() };
    broadcast
      .publish(SETTINGS_CHANGED)
      .catch((error: unknown) =>
        log.warn({ err: error }, 'could not tell the other processes of a settings change'),
      );
  };

  await broadcast.subscribe({
    onTopic: (topic) => {
      if (topic === SETTINGS_CHANGED) forget();
    },
    onListening: (now) => {
      if (now === listening) return;
      listening = now;
      // What changed while the connection was down was never heard.
      forget();
    },
  });

  /** Applies `change` to the row under a lock, so two admins' saves never lose one another's fields. */
  async function write(change: (current: SettingsRecord) => Partial<typeof shopSettings.$inferInsert>) {
    const { record, previous } = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, ROW_ID)).for('update');
      const current = row ? fromRow(row) : { settings: defaults, logo: null, updatedAt: new Date(0) };
      const values = { ...change(current), updatedAt: new Date() };
      const [written] = await tx
        .insert(shopSettings)
        .values({ id: ROW_ID, settings: current.settings, ...values })
        .onConflictDoUpdate({ target: shopSettings.id, set: values })
        .returning();
      return { record: fromRow(written!), previous: current };
    });
    changedHere(record);
    return { record, previous };
  }

  return {
    /** The settings now: from memory while they are known to be current, else read again (once for all callers). */
    async current(tx?: DbOrTx): Promise<SettingsRecord> {
      if (kept && (listening || clock.now() - kept.at < DEAF_LIFETIME_MS)) return kept.record;
      // Inside a transaction the read goes through it: on PGlite a query on `db` there waits forever for
      // the one connection the transaction holds (STACK.md, gotcha 2).
      if (tx) return read(tx);
      reading ??= read(db).finally(() => {
        reading = undefined;
      });
      return reading;
    },

    /** Applies the owner's patch; answers the settings saved. The merged whole is checked again. */
    async update(patch: ShopSettingsPatch): Promise<SettingsRecord> {
      const { record } = await write((current) => {
        const merged = ShopSettingsSchema.safeParse(mergeSettings(current.settings, patch));
        if (!merged.success) throw new AppError('BAD_REQUEST', merged.error.issues[0]?.message ?? '');
        return { settings: merged.data };
      });
      return record;
    },

    /** Sets (or with null removes) the logo; answers the settings and the logo it replaced, to delete. */
    async setLogo(
      logo: StoredImage | null,
    ): Promise<{ record: SettingsRecord; replaced: StoredImage | null }> {
      const { record, previous } = await write(() => ({ logo }));
      return { record, replaced: previous.logo };
    },

    /** Whether other processes' changes are heard now (else settings are read again every second). */
    isListening: () => listening,
  };
}

export type SettingsStore = Awaited<ReturnType<typeof createSettingsStore>>;
