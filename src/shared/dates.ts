import { SHOP_TIME_ZONE } from './constants';
import { DEFAULT_LANGUAGE, localeOf, type Language } from './language';

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();
// Arabic's medium date is all digits ('26/11/2026'); the month's name reads as Egyptian shops write it.
const DATE_TIME_STYLE: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { dateStyle: 'medium', timeStyle: 'short' },
  ar: { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/**
 * A moment as every screen and e-mail shows it (an order's time, in the shop and the admin alike), in
 * the reader's language: the one date formatter.
 */
export function formatDateTime(iso: string | Date, language: Language = DEFAULT_LANGUAGE): string {
  let formatter = dateTimeFormats.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeOf(language), DATE_TIME_STYLE[language]);
    dateTimeFormats.set(language, formatter);
  }
  return formatter.format(new Date(iso));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The shop's calendar day (YYYY-MM-DD, Africa/Cairo) at this moment. */
export function shopDay(at: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The day `days` after (or, negative, before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How far the shop's clock is ahead of UTC at this instant, in milliseconds (Cairo moves it for summer). */
function shopOffsetMs(at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a shop day (YYYY-MM-DD) begins. The offset is read twice: once near the day's start in
 * UTC, then at the start that gives, so a day whose clock moved overnight still starts at its midnight.
 */
export function shopDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - shopOffsetMs(utcMidnight);
  return new Date(utcMidnight - shopOffsetMs(guess));
}

let shopClock: Intl.DateTimeFormat | undefined;

/** A moment as the shop's clock reads it, `2026-11-26 08:14`: for exports a spreadsheet sorts as text. */
export function shopDateTime(at: Date): string {
  // Made once: building a formatter costs far more than using one, and an export formats every row.
  shopClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts = shopClock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
