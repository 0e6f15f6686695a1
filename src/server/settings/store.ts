import { eq, sql } from 'drizzle-orm';
import { SHIPPING_FEES } from '@/shared/constants';
import { cityFeesOf, deliveryZonesOf, withCityFees } from '@/shared/delivery';
import {
  DeliveryZonesSchema,
  ShopSettingsSchema,
  type DeliveryZone,
  type ShopSettings,
  type ShopSettingsPatch,
} from '@/shared/schemas/settings';
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

/** The hero picture (issue 35): stored with its displayed height, which the page needs for its box. */
export type StoredHeroImage = StoredImage & { width: number; height: number };

export interface SettingsRecord {
  settings: ShopSettings;
  logo: StoredImage | null;
  heroImage: StoredHeroImage | null;
  updatedAt: Date;
}

/**
 * The settings row's JSON: the owner's settings and, beside them, the hero picture, kept there rather
 * than in a column of its own (no migration for one picture).
 */
type StoredSettings = ShopSettings & { heroImage?: StoredHeroImage | null };

/**
 * The settings of a patch applied: a group (social, fees, a text's languages, a page) is merged part by
 * part; a list (the delivery zones) is replaced whole.
 */
export function mergeSettings(current: ShopSettings, patch: ShopSettingsPatch): ShopSettings {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const before = merged[key];
    merged[key] =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      typeof before === 'object' &&
      before !== null
        ? mergeSettingsGroup(before as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return merged as ShopSettings;
}

/**
 * The patch applied with the delivery zones and DESIGN §3's three fees kept in agreement (issue 36):
 * zones sent replace the shop's and the three fees follow them; three fees sent (an older client's)
 * set the fees of the zones those cities are charged as.
 */
function withZonesAndFees(current: ShopSettings, patch: ShopSettingsPatch): ShopSettings {
  const merged = mergeSettings(current, patch);
  if (!patch.deliveryZones && patch.shippingFees) {
    merged.deliveryZones = withCityFees(current.deliveryZones, patch.shippingFees);
  }
  // Zones refused below (none, a governorate twice) are not read for fees.
  if (!DeliveryZonesSchema.safeParse(merged.deliveryZones).success) return merged;
  return { ...merged, shippingFees: cityFeesOf(merged.deliveryZones, merged.shippingFees) };
}

function mergeSettingsGroup(before: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const was = merged[key];
    merged[key] =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      typeof was === 'object' &&
      was !== null
        ? { ...(was as object), ...(value as object) }
        : value;
  }
  return merged;
}

/** The settings' one row. */
const settingsRow = writtenOnce((db) => db.select().from(shopSettings).where(eq(shopSettings.id, ROW_ID)));

/**
 * The shop's delivery zones as the settings row holds them now (null: no row yet, or a row from before
 * zones): a column for the statement that locks an order's cart, so the zones are read in the order's
 * transaction without a statement of its own. `zonesOf` reads the answer.
 */
export const deliveryZonesSql = sql<unknown>`(select ${shopSettings.settings} -> 'deliveryZones'
    from ${shopSettings} where ${shopSettings.id} = ${ROW_ID})`;

/**
 * The zones `deliveryZonesSql` read: the next order pays changed fees, and an order keeps what it was
 * charged. No row yet (a database migrated but never served) charges DESIGN §3's fees.
 */
export function zonesOf(read: unknown): DeliveryZone[] {
  const zones = DeliveryZonesSchema.safeParse(typeof read === 'string' ? JSON.parse(read) : read);
  return zones.success ? zones.data : deliveryZonesOf(SHIPPING_FEES);
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

  const fromRow = (row: typeof shopSettings.$inferSelect): SettingsRecord => {
    const { heroImage = null, ...settings } = row.settings as StoredSettings;
    return {
      // Fields added to the settings after this row was written start at their defaults.
      settings: { ...defaults, ...settings },
      logo: row.logo ?? null,
      heroImage,
      updatedAt: row.updatedAt,
    };
  };
  const empty = (): SettingsRecord => ({
    settings: defaults,
    logo: null,
    heroImage: null,
    updatedAt: new Date(0),
  });
  /** The JSON written for `settings` with `heroImage` beside them. */
  const stored = (settings: ShopSettings, heroImage: StoredHeroImage | null): ShopSettings =>
    (heroImage ? { ...settings, heroImage } : settings) as ShopSettings;

  async function read(source: DbOrTx): Promise<SettingsRecord> {
    const started = generation;
    const [row] = await settingsRow(source, {});
    const record = row ? fromRow(row) : empty();
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
      const current = row ? fromRow(row) : empty();
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
        const merged = ShopSettingsSchema.safeParse(withZonesAndFees(current.settings, patch));
        if (!merged.success) throw new AppError('BAD_REQUEST', merged.error.issues[0]?.message ?? '');
        // The check keeps only the owner's fields: the hero picture beside them stays.
        return { settings: stored(merged.data, current.heroImage) };
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

    /** Sets (or with null removes) the hero picture; answers the settings and the picture it replaced, to delete. */
    async setHeroImage(
      heroImage: StoredHeroImage | null,
    ): Promise<{ record: SettingsRecord; replaced: StoredHeroImage | null }> {
      const { record, previous } = await write((current) => ({
        settings: stored(current.settings, heroImage),
      }));
      return { record, replaced: previous.heroImage };
    },

    /** Whether other processes' changes are heard now (else settings are read again every second). */
    isListening: () => listening,
  };
}

export type SettingsStore = Awaited<ReturnType<typeof createSettingsStore>>;
