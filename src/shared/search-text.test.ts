import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchTerm } from './search-text';

describe('normalizeSearchText', () => {
  it('writes every alef with hamza or madda, and alef wasla, as a plain alef', () => {
    expect(normalizeSearchText('أحمر إسوارة آمنة ٱلبيت')).toBe('احمر اسواره امنه البيت');
  });

  it('writes alef maqsura as yeh, teh marbuta as heh, hamza on waw and on yeh as waw and yeh', () => {
    expect(normalizeSearchText('فستان مستشفى')).toBe('فستان مستشفي');
    expect(normalizeSearchText('عباءة')).toBe('عباءه');
    expect(normalizeSearchText('مؤتمر')).toBe('موتمر');
    expect(normalizeSearchText('رئيسي')).toBe('رييسي');
  });

  it('drops tatweel and every haraka', () => {
    expect(normalizeSearchText('فـــستان')).toBe('فستان');
    expect(normalizeSearchText('فُسْتَانٌ')).toBe('فستان');
    expect(normalizeSearchText('قَمِيصٍ مُطَرَّزًا')).toBe('قميص مطرزا');
    expect(normalizeSearchText('هٰذا')).toBe('هذا');
  });

  it('writes Arabic-Indic and Persian digits as ASCII digits', () => {
    expect(normalizeSearchText('مقاس ٤٢')).toBe('مقاس 42');
    expect(normalizeSearchText('۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩')).toBe('0123456789 0123456789');
  });

  it('lowercases Latin letters and leaves the rest as typed', () => {
    expect(normalizeSearchText('Rose LINEN Maxi-Dress 2')).toBe('rose linen maxi-dress 2');
    // Only A-Z: a database's locale decides other letters' case, and both sides must agree.
    expect(normalizeSearchText('ÉTÉ')).toBe('ÉtÉ');
    expect(normalizeSearchText('100% قطن_')).toBe('100% قطن_');
  });

  it('makes the spelling variants of one word the same text', () => {
    const variants = ['عباءة', 'عباءه', 'عَبَاءَة', 'عبـاءة'];
    expect(new Set(variants.map(normalizeSearchText))).toEqual(new Set(['عباءه']));
  });
});

describe('searchTerm', () => {
  it('trims the term and makes every run of white space one space', () => {
    expect(searchTerm('  Rose \t  Linen\n')).toBe('rose linen');
    expect(searchTerm('  فُسْتَان   أحمر ')).toBe('فستان احمر');
  });

  it('is empty when only white space, tatweel or harakat were typed', () => {
    expect(searchTerm('   ')).toBe('');
    expect(searchTerm(' ـــ َ ')).toBe('');
  });
});
