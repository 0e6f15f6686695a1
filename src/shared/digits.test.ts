import { describe, expect, it } from 'vitest';
import { toAsciiDigits, typedDigits } from './digits';
import { z } from 'zod';

describe('toAsciiDigits', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['٠١٠١٢٣٤٥٦٧٨', '01012345678'],
    ['+٢٠١٠١٢٣٤٥٦٧٨', '+201012345678'],
    ['١٢٥٫٥٠', '125.50'],
    ['۱۲۵٫۵', '125.5'],
    ['12٣', '123'],
    ['شارع ٩ التحرير', 'شارع 9 التحرير'],
    ['no digits', 'no digits'],
    ['', ''],
  ])('%s → %s', (typed, ascii) => {
    expect(toAsciiDigits(typed)).toBe(ascii);
  });

  it('leaves other numerals and separators as they are', () => {
    // Devanagari digits, the Arabic thousands separator and comma are not what a price or phone is typed in here.
    expect(toAsciiDigits('१२ ٬ ،')).toBe('१२ ٬ ،');
  });
});

describe('typedDigits', () => {
  it('applies the rules after the digits are ASCII, and passes numbers through', () => {
    const building = typedDigits(z.string().regex(/^\d{1,5}$/));
    expect(building.parse('١٢')).toBe('12');
    expect(building.safeParse('١٢٣٤٥٦').success).toBe(false);
    const quantity = typedDigits(z.coerce.number().int().min(1));
    expect(quantity.parse('٣')).toBe(3);
    expect(quantity.parse(4)).toBe(4);
  });
});
