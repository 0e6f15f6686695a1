import { describe, expect, it } from 'vitest';
import { addDays, shopDateTime, shopDay, shopDayStart } from './dates';

// The shop's days are Cairo's, which moves its clock an hour forward for the summer.
describe('shop days (Africa/Cairo)', () => {
  it('start at midnight in Cairo, in winter (UTC+2) and in summer (UTC+3)', () => {
    expect(shopDayStart('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(shopDayStart('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
  });

  it('name the day an instant falls on in Cairo, not in UTC', () => {
    expect(shopDay(new Date('2026-01-14T21:59:59Z'))).toBe('2026-01-14');
    expect(shopDay(new Date('2026-01-14T22:00:00Z'))).toBe('2026-01-15');
    expect(shopDateTime(new Date('2026-07-14T21:05:00Z'))).toBe('2026-07-15 00:05');
  });

  it('count days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('give every day of a year a start 23, 24 or 25 hours after the one before', () => {
    let day = '2026-01-01';
    for (let i = 0; i < 365; i += 1) {
      const next = addDays(day, 1);
      const hours = (shopDayStart(next).getTime() - shopDayStart(day).getTime()) / 3_600_000;
      expect(hours === 24 || hours === 23 || hours === 25, `${day} → ${next}: ${hours} h`).toBe(true);
      expect(shopDay(shopDayStart(next)), next).toBe(next);
      day = next;
    }
  });
});
