import { SHOP_TIME_ZONE } from './constants';

/**
 * A moment as every screen shows it (an order's time, in the shop and the admin alike): the shop's
 * locale, like `formatEgp`, so Arabic can later pass its own.
 */
export function formatDateTime(iso: string | Date, locale = 'en-EG'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
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

/** A moment as the shop's clock reads it, `2026-11-26 08:14`: for exports a spreadsheet sorts as text. */
export function shopDateTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
