import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';
import { directionOf, isLanguage, languageFromAcceptLanguage } from './language';
import { format } from './messages/format';
import { formatAmount, formatEgp } from './money-text';

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-EG,ar;q=0.9,en;q=0.8', 'ar'],
    ['en-US,en;q=0.9,ar;q=0.8', 'en'],
    ['fr-FR, ar;q=0.5', 'ar'],
    ['de, fr;q=0.8', 'en'],
    ['en;q=0.2, AR-eg;q=0.7', 'ar'],
    ['ar;q=0, en', 'en'],
    ['ar;q=abc', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});

describe('language', () => {
  it('knows its two languages and their directions', () => {
    expect(isLanguage('ar')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('format (ICU)', () => {
  const products = '{n, plural, one {# product} other {# products}}';
  const arabicProducts =
    '{n, plural, zero {لا توجد منتجات} one {منتج واحد} two {منتجان} few {# منتجات} many {# منتجًا} other {# منتج}}';

  it('fills placeholders and leaves a message without any as it is', () => {
    expect(format('Hello {name}', { name: 'Mona' })).toBe('Hello Mona');
    expect(format("Don't miss it", {})).toBe("Don't miss it");
    expect(format('<b>kept</b> {x}', { x: 1 }, 'en')).toBe('<b>kept</b> 1');
  });

  it('chooses the English plural forms', () => {
    expect(format(products, { n: 1 })).toBe('1 product');
    expect(format(products, { n: 0 })).toBe('0 products');
    expect(format(products, { n: 12_500 })).toBe('12,500 products');
  });

  it('chooses among the six Arabic plural forms, with Latin digits', () => {
    const arabic = (n: number) => format(arabicProducts, { n }, 'ar');
    expect(arabic(0)).toBe('لا توجد منتجات');
    expect(arabic(1)).toBe('منتج واحد');
    expect(arabic(2)).toBe('منتجان');
    expect(arabic(3)).toBe('3 منتجات');
    expect(arabic(11)).toBe('11 منتجًا');
    expect(arabic(100)).toBe('100 منتج');
    expect(arabic(1_000)).toBe('1,000 منتج');
  });
});

describe('money and dates in each language', () => {
  it('writes the currency as each language does, with Latin digits', () => {
    expect(formatEgp(1237.5)).toBe('1,237.50 EGP');
    expect(formatEgp(1250)).toBe('1,250 EGP');
    expect(formatEgp(1237.5, 'ar')).toBe('1,237.50 ج.م.');
    expect(formatAmount(1250, 'ar')).toBe('1,250');
  });

  it('writes a date in the reader language', () => {
    const moment = '2026-11-26T10:00:00Z';
    expect(formatDateTime(moment)).toMatch(/Nov/);
    expect(formatDateTime(moment, 'ar')).toMatch(/نوفمبر/);
    expect(formatDateTime(moment, 'ar')).not.toMatch(/[٠-٩]/);
  });
});
