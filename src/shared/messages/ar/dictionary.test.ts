import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messages } from '../index';
import { mail } from '../mail';
import { seo } from '../seo';
import { mailAr, messagesAr } from './index';
import { seo as seoAr } from './seo';

const LOCALE = 'ar-EG';
const english: unknown = { ...messages, mail, seo };
const arabic: unknown = { ...messagesAr, mail: mailAr, seo: seoAr };

/** Texts that read the same in both languages: symbols and placeholders only, no word to translate. */
const SAME_IN_BOTH = new Set([
  'layout.notFoundCode',
  'errors.invalidField',
  'orders.itemCount',
  'orders.lineQuantityPrice',
  'mail.orderLine',
  'cart.variantName',
  'variants.optionLegend',
  'variants.optionValue',
  'variants.optionSeparator',
  'adminVariants.colSku',
  'seo.pageTitle',
  'seo.productDescription',
]);

/**
 * Count texts whose English has no plural: the count stands apart from the noun ('{n} in stock', 'at
 * most {max} characters'), or the text is one of the API's messages, which stay today's English.
 */
const ENGLISH_WITHOUT_PLURAL = new Set([
  'catalog.inStockCount',
  'admin.inStockCount',
  'cart.onlyNAvailable',
  'orders.stockGone',
  'admin.categoryHasProducts',
  'admin.moreItems',
  'admin.nameTooLong',
  'admin.descriptionTooLong',
  'admin.categoryNameTooLong',
  'admin.categoryDescriptionTooLong',
  'admin.categoryDescriptionArTooLong',
  'errors.textTooLong',
  'admin.tooManySubImages',
  'admin.leftInStock',
  'admin.nameArTooLong',
  'admin.descriptionArTooLong',
  'admin.categoryNameArTooLong',
]);

const COUNTS = [0, 1, 2, 3, 11, 100] as const;
const PRODUCTS = ['لا توجد منتجات', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجًا', '100 منتج'];
const PIECES_IN_STOCK = [
  'لا توجد قطع في المخزون',
  'قطعة واحدة في المخزون',
  'قطعتان في المخزون',
  '3 قطع في المخزون',
  '11 قطعة في المخزون',
  '100 قطعة في المخزون',
];
const SAVED_PIECES = [
  'لا توجد قطع محفوظة',
  'قطعة واحدة محفوظة',
  'قطعتان محفوظتان',
  '3 قطع محفوظة',
  '11 قطعة محفوظة',
  '100 قطعة محفوظة',
];
const AT_MOST_CHARACTERS = [
  'على 0 حرف',
  'على حرف واحد',
  'على حرفين',
  'على 3 أحرف',
  'على 11 حرفًا',
  'على 100 حرف',
];

/**
 * Every text that depends on a count: its count argument and the phrase it must read for 0, 1, 2, 3, 11
 * and 100 (Arabic's zero, one, two, few, many and other forms).
 */
/** The account's pause after many wrong passwords: the wait, and what follows it in every form. */
const pausedFor = (wait: string) =>
  `أُدخلت كلمات مرور خاطئة كثيرة لهذا الحساب. حفاظًا على أمانه، يُرجى ${wait} ثم المحاولة مرة أخرى، أو اختيار كلمة مرور جديدة من «نسيت كلمة المرور؟».`;

const COUNT_TEXTS: Record<string, { count: string; reads: string[] }> = {
  'customers.recordOrders': {
    count: 'orders',
    reads: ['لا طلبات', 'طلب واحد', 'طلبان', '3 طلبات', '11 طلبًا', '100 طلب'],
  },
  'customers.recordOpen': {
    count: 'open',
    reads: [
      'لا طلبات مفتوحة',
      'طلب مفتوح واحد',
      'طلبان مفتوحان',
      '3 طلبات مفتوحة',
      '11 طلبًا مفتوحًا',
      '100 طلب مفتوح',
    ],
  },
  'catalog.showProducts': {
    count: 'n',
    reads: ['لا توجد منتجات', 'عرض منتج واحد', 'عرض منتجين', 'عرض 3 منتجات', 'عرض 11 منتجًا', 'عرض 100 منتج'],
  },
  'auth.accountPaused': {
    count: 'minutes',
    reads: [
      'أُدخلت كلمات مرور خاطئة كثيرة لهذا الحساب. حفاظًا على أمانه، يُرجى المحاولة مرة أخرى بعد قليل، أو اختيار كلمة مرور جديدة من «نسيت كلمة المرور؟».',
      pausedFor('الانتظار دقيقة'),
      pausedFor('الانتظار دقيقتين'),
      pausedFor('الانتظار 3 دقائق'),
      pausedFor('الانتظار 11 دقيقة'),
      pausedFor('الانتظار 100 دقيقة'),
    ],
  },
  'delivery.estimate': {
    count: 'max',
    reads: ['التوصيل في اليوم نفسه', 'خلال يوم واحد', 'خلال يومين', '3 أيام', '11 يومًا', '100 يوم'],
  },
  'layout.cartCount': { count: 'n', reads: PRODUCTS },
  'layout.favoritesCount': { count: 'n', reads: PRODUCTS },
  'catalog.productCount': { count: 'n', reads: PRODUCTS },
  'catalog.productsFound': {
    count: 'n',
    reads: [
      'لم يتم العثور على منتجات',
      'تم العثور على منتج واحد',
      'تم العثور على منتجين',
      'تم العثور على 3 منتجات',
      'تم العثور على 11 منتجًا',
      'تم العثور على 100 منتج',
    ],
  },
  'catalog.inStockCount': { count: 'n', reads: PIECES_IN_STOCK },
  'admin.inStockCount': { count: 'n', reads: PIECES_IN_STOCK },
  'catalog.ratingsCount': {
    count: 'n',
    reads: ['لا توجد تقييمات', 'تقييم واحد', 'تقييمان', '3 تقييمات', '11 تقييمًا', '100 تقييم'],
  },
  'catalog.favoritesCount': { count: 'n', reads: SAVED_PIECES },
  'cart.itemsInCart': {
    count: 'n',
    reads: [
      'لا توجد قطع في سلتك',
      'قطعة واحدة في سلتك',
      'قطعتان في سلتك',
      '3 قطع في سلتك',
      '11 قطعة في سلتك',
      '100 قطعة في سلتك',
    ],
  },
  'cart.onlyNAvailable': {
    count: 'n',
    reads: [
      'لم تعد هناك قطع متوفرة',
      'قطعة واحدة فقط',
      'قطعتان فقط',
      '3 قطع فقط',
      '11 قطعة فقط',
      '100 قطعة فقط',
    ],
  },
  'orders.stockGone': {
    count: 'n',
    reads: ['لم تتبقَّ أي قطعة', 'سوى قطعة واحدة', 'سوى قطعتين', 'سوى 3 قطع', 'سوى 11 قطعة', 'سوى 100 قطعة'],
  },
  'admin.categoryHasProducts': {
    count: 'n',
    reads: ['0 منتج', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجًا', '100 منتج'],
  },
  'shipping.governorateCount': {
    count: 'n',
    reads: ['لا توجد محافظات', 'محافظة واحدة', 'محافظتان', '3 محافظات', '11 محافظة', '100 محافظة'],
  },
  'shipping.bulkDone': {
    count: 'n',
    reads: ['لم يُنفَّذ أي طلب', 'نُفِّذ طلب واحد', 'نُفِّذ طلبان', 'نُفِّذت 3 طلبات', 'نُفِّذ 11 طلبًا', 'نُفِّذ 100 طلب'],
  },
  'shipping.bulkFailed': {
    count: 'n',
    reads: [
      'لا توجد طلبات لم تُنفَّذ',
      'لم يُنفَّذ طلب واحد',
      'لم يُنفَّذ طلبان',
      'لم تُنفَّذ 3 طلبات',
      'لم يُنفَّذ 11 طلبًا',
      'لم يُنفَّذ 100 طلب',
    ],
  },
  'shipping.cashWithCouriersDetail': {
    count: 'n',
    reads: [
      'من دون طلبات تم توصيلها',
      'من طلب واحد تم توصيله',
      'من طلبين تم توصيلهما',
      'من 3 طلبات تم توصيلها',
      'من 11 طلبًا تم توصيلها',
      'من 100 طلب تم توصيلها',
    ],
  },
  'shipping.deliveryOrderCount': {
    count: 'n',
    reads: ['لا توجد طلبات', 'طلب واحد', 'طلبان', '3 طلبات', '11 طلبًا', '100 طلب'],
  },
  'admin.statusOrderCount': {
    count: 'n',
    reads: ['لا توجد طلبات', 'طلب واحد', 'طلبان', '3 طلبات', '11 طلبًا', '100 طلب'],
  },
  'admin.leftInStock': {
    count: 'n',
    reads: [
      'لم تتبقَّ أي قطعة',
      'بقيت قطعة واحدة',
      'بقيت قطعتان',
      'بقيت 3 قطع',
      'بقيت 11 قطعة',
      'بقيت 100 قطعة',
    ],
  },
  'admin.moreItems': {
    count: 'n',
    reads: [
      'لا توجد منتجات أخرى',
      'منتج آخر',
      'منتجان آخران',
      '3 منتجات أخرى',
      '11 منتجًا آخر',
      '100 منتج آخر',
    ],
  },
  'admin.nameTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.descriptionTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.categoryNameTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.categoryDescriptionTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.categoryDescriptionArTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.nameArTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.descriptionArTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.categoryNameArTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'errors.textTooLong': { count: 'max', reads: AT_MOST_CHARACTERS },
  'admin.tooManySubImages': {
    count: 'max',
    reads: [
      '0 صورة إضافية',
      'صورة إضافية واحدة',
      'صورتين إضافيتين',
      '3 صور إضافية',
      '11 صورة إضافية',
      '100 صورة إضافية',
    ],
  },
};

/** Every text of a dictionary by its dotted path; a list's texts by their index. */
function texts(tree: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof tree === 'string') return found.set(path, tree);
  if (typeof tree !== 'object' || tree === null) throw new Error(`${path} is neither a text nor a section`);
  for (const [key, value] of Object.entries(tree)) {
    for (const [leaf, text] of texts(value, path ? `${path}.${key}` : key)) found.set(leaf, text);
  }
  return found;
}

const englishTexts = texts(english);
const arabicTexts = texts(arabic);

function arabicText(path: string): string {
  const text = arabicTexts.get(path);
  if (text === undefined) throw new Error(`no Arabic text at ${path}`);
  return text;
}

type Element = ReturnType<IntlMessageFormat['getAst']>[number];
// @formatjs/icu-messageformat-parser's element types: 0 is plain text and 7 a plural's '#'; every other
// element without options or children is an argument.
const PLAIN_TEXT = 0;
const POUND = 7;

/** The ICU arguments of a parsed message, and which of them choose a plural form (so take a number). */
function icuArguments(elements: readonly Element[], found = new Map<string, 'count' | 'text'>()) {
  for (const element of elements) {
    if ('children' in element) {
      icuArguments(element.children, found);
    } else if ('options' in element) {
      found.set(element.value, 'pluralType' in element ? 'count' : 'text');
      for (const option of Object.values(element.options)) icuArguments(option.value, found);
    } else if (element.type !== PLAIN_TEXT && element.type !== POUND) {
      found.set(element.value, 'text');
    }
  }
  return found;
}

function parse(text: string, locale = LOCALE): IntlMessageFormat {
  return new IntlMessageFormat(text, locale);
}

/** The arguments of an English text. */
function englishArguments(text: string): Map<string, 'count' | 'text'> {
  return icuArguments(parse(text, 'en').getAst());
}

/** Formats an Arabic text with `count` for its count arguments and a sample for every other argument. */
function formatArabic(path: string, count: number): string {
  const message = parse(arabicText(path));
  const values = Object.fromEntries(
    [...icuArguments(message.getAst())].map(([name, kind]) => [name, kind === 'count' ? count : `«${name}»`]),
  );
  return asciiDigits(String(message.format(values)));
}

/** The shop may show Arabic-Indic or Persian digits; the expectations are written with ASCII ones. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) % 16));
}

/** Whether `phrase` stands as whole words in `text` ('100 منتج' is not found in '100 منتجات'). */
function readsAsWords(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escaped}(?![\\p{L}\\p{M}\\p{N}])`, 'u').test(text);
}

describe('the Arabic dictionary', () => {
  it('has a text for every English key and no key English lacks', () => {
    const missing = [...englishTexts.keys()].filter((path) => !arabicTexts.has(path));
    const extra = [...arabicTexts.keys()].filter((path) => !englishTexts.has(path));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
    expect(arabicTexts.size).toBe(englishTexts.size);
  });

  it('writes every text in Arabic: none empty, none left as the English one', () => {
    const untranslated = [...englishTexts].filter(
      ([path, text]) => !SAME_IN_BOTH.has(path) && arabicText(path) === text,
    );
    const withoutArabic = [...arabicTexts].filter(
      ([path, text]) => !SAME_IN_BOTH.has(path) && !/[\u0621-\u064a]/.test(text),
    );
    expect(untranslated.map(([path]) => path)).toEqual([]);
    expect(withoutArabic.map(([path]) => path)).toEqual([]);
    expect([...arabicTexts].filter(([, text]) => text.trim() === '').map(([path]) => path)).toEqual([]);
    // The exceptions must stay true exceptions: same text, and still a key.
    for (const path of SAME_IN_BOTH) expect(arabicText(path)).toBe(englishTexts.get(path));
  });

  it('parses every Arabic text as an ICU message', () => {
    const broken = [...arabicTexts].flatMap(([path, text]) => {
      try {
        parse(text);
        return [];
      } catch (error) {
        return [`${path}: ${(error as Error).message}`];
      }
    });
    expect(broken).toEqual([]);
  });

  it('takes the same arguments as the English text', () => {
    const differences = [...englishTexts].flatMap(([path, text]) => {
      const wanted = [...englishArguments(text).keys()].sort();
      const written = [...icuArguments(parse(arabicText(path)).getAst()).keys()].sort();
      return wanted.join() === written.join() ? [] : [{ path, wanted, written }];
    });
    expect(differences).toEqual([]);
  });

  it('counts in English as the Arabic does: one plural wherever the Arabic has one', () => {
    const englishCounts = [...englishTexts]
      .filter(([, text]) => [...englishArguments(text).values()].includes('count'))
      .map(([path]) => path);
    const withoutEnglishPlural = Object.keys(COUNT_TEXTS).filter(
      (path) => !englishCounts.includes(path) && !ENGLISH_WITHOUT_PLURAL.has(path),
    );
    expect(withoutEnglishPlural).toEqual([]);
  });

  it('formats every Arabic text once its arguments are given', () => {
    for (const path of arabicTexts.keys()) {
      const formatted = formatArabic(path, 3);
      expect(formatted, path).not.toMatch(/[{}]/);
      expect(formatted.trim(), path).not.toBe('');
    }
  });

  it('writes every text that depends on a count as one plural with all six Arabic forms', () => {
    const plurals = [...arabicTexts]
      .filter(([path]) => [...icuArguments(parse(arabicText(path)).getAst()).values()].includes('count'))
      .map(([path]) => path);
    expect(plurals.sort()).toEqual(Object.keys(COUNT_TEXTS).sort());
    for (const [path, { count }] of Object.entries(COUNT_TEXTS)) {
      const plural = parse(arabicText(path))
        .getAst()
        .find((element) => 'pluralType' in element && element.value === count);
      expect(plural && 'options' in plural ? Object.keys(plural.options).sort() : [], path).toEqual([
        'few',
        'many',
        'one',
        'other',
        'two',
        'zero',
      ]);
    }
  });

  describe.each(Object.entries(COUNT_TEXTS))('%s', (path, { reads }) => {
    it.each(COUNTS.map((count, index) => [count, reads[index] ?? '']))(
      'reads "%s" as «%s»',
      (count, phrase) => {
        expect(readsAsWords(formatArabic(path, count), phrase), formatArabic(path, count)).toBe(true);
      },
    );
  });

  it('reads a count of one with its singular words, not the digit', () => {
    for (const path of Object.keys(COUNT_TEXTS)) expect(formatArabic(path, 1), path).not.toMatch(/\d/);
  });
});
