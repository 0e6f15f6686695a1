import type { CATEGORY_NAMES } from '@/shared/constants';
import type { ProductOption, SizeGuide, VariantOptions } from '@/shared/schemas/variants';
import type { GarmentKind } from './artwork';
import type { DemoProduct } from './demo-catalogue';

// Sizes and colours of the demo shop (issue 13): clothing comes in sizes (adults S to XL, children and
// babies by age) and some pieces in two colours; accessories have none. A few variants are sold out,
// so every screen has each state to show.

type CategoryName = (typeof CATEGORY_NAMES)[number];

const ADULT_SIZES = ['S', 'M', 'L', 'XL'];
const CHILD_SIZES = ['2Y', '4Y', '6Y', '8Y'];
const BABY_SIZES = ['0-3M', '3-6M', '6-12M'];

/** Accessories: one size, one stock figure, as before. */
const ACCESSORIES: ReadonlySet<GarmentKind> = new Set([
  'bag',
  'beanie',
  'booties',
  'earrings',
  'necklace',
  'scarf',
  'sunHat',
  'sunglasses',
]);

const SIZES_BY_CATEGORY: Record<CategoryName, string[]> = {
  'New Born Girls': BABY_SIZES,
  'New Born Boys': BABY_SIZES,
  Girls: CHILD_SIZES,
  Boys: CHILD_SIZES,
  'Mother and Child': ADULT_SIZES,
  Women: ADULT_SIZES,
  Accessories: [],
};

/** Second colours offered beside a piece's own; every third piece of clothing comes in two. */
const COLOUR_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['Navy', 'Sand'],
  ['Ivory', 'Sage'],
  ['Rose', 'Charcoal'],
];

/** The demo colours in Arabic (issue 35): how Arabic pages, the cart, e-mails and the slip name them. */
const COLOUR_NAMES_AR: Readonly<Record<string, string>> = {
  Navy: 'كحلي',
  Sand: 'رملي',
  Ivory: 'عاجي',
  Sage: 'أخضر مريمية',
  Rose: 'وردي',
  Charcoal: 'رمادي فحمي',
  Black: 'أسود',
  White: 'أبيض',
};

export interface DemoVariant {
  sku: string;
  options: VariantOptions;
  availableItems: number;
}

export interface DemoVariants {
  options: ProductOption[];
  variants: DemoVariant[];
}

/**
 * A demo piece's options and variants, or null for an accessory. Deterministic: the same catalogue
 * every time. A sold-out piece has every variant sold out; otherwise about one in seven is.
 */
export function demoVariants(
  category: CategoryName,
  product: DemoProduct,
  index: number,
): DemoVariants | null {
  const sizes = SIZES_BY_CATEGORY[category];
  if (ACCESSORIES.has(product.kind) || sizes.length === 0) return null;
  const colours = index % 3 === 0 ? COLOUR_PAIRS[index % COLOUR_PAIRS.length]! : null;
  const options: ProductOption[] = [
    // Sizes read the same in both languages (S, 4Y, 0-3M): no Arabic of their own.
    { name: 'Size', values: sizes },
    ...(colours
      ? [
          {
            name: 'Color',
            values: [...colours],
            valuesAr: colours.map((colour) => COLOUR_NAMES_AR[colour] ?? ''),
          },
        ]
      : []),
  ];
  const combinations: VariantOptions[] = colours
    ? sizes.flatMap((size) => colours.map((colour) => ({ Size: size, Color: colour })))
    : sizes.map((size) => ({ Size: size }));
  const variants = combinations.map((chosen, position) => {
    const soldOut = product.stock === 0 || (index + position * 3) % 7 === 0;
    return {
      sku: ['NR', String(index + 1).padStart(3, '0'), ...Object.values(chosen)].join('-').toUpperCase(),
      options: chosen,
      availableItems: soldOut ? 0 : 1 + ((index * 5 + position * 3) % 9),
    };
  });
  return { options, variants };
}

/** The size charts of the demo categories that sell clothing. */
export const DEMO_SIZE_GUIDES: Partial<Record<CategoryName, SizeGuide>> = {
  Women: {
    columns: ['Size', 'Bust (cm)', 'Waist (cm)', 'Hips (cm)'],
    columnsAr: ['المقاس', 'الصدر (سم)', 'الخصر (سم)', 'الأرداف (سم)'],
    rows: [
      ['S', '82-87', '64-69', '90-95'],
      ['M', '88-93', '70-75', '96-101'],
      ['L', '94-99', '76-81', '102-107'],
      ['XL', '100-106', '82-88', '108-114'],
    ],
  },
  'Mother and Child': {
    columns: ['Size', 'Bust (cm)', 'Waist (cm)'],
    columnsAr: ['المقاس', 'الصدر (سم)', 'الخصر (سم)'],
    rows: [
      ['S', '82-87', '64-69'],
      ['M', '88-93', '70-75'],
      ['L', '94-99', '76-81'],
      ['XL', '100-106', '82-88'],
    ],
  },
  Girls: {
    columns: ['Age', 'Height (cm)', 'Chest (cm)'],
    columnsAr: ['العمر', 'الطول (سم)', 'الصدر (سم)'],
    rows: [
      ['2Y', '86-92', '52-53'],
      ['4Y', '98-104', '55-56'],
      ['6Y', '110-116', '58-60'],
      ['8Y', '122-128', '62-64'],
    ],
  },
  Boys: {
    columns: ['Age', 'Height (cm)', 'Chest (cm)'],
    columnsAr: ['العمر', 'الطول (سم)', 'الصدر (سم)'],
    rows: [
      ['2Y', '86-92', '52-53'],
      ['4Y', '98-104', '55-56'],
      ['6Y', '110-116', '58-60'],
      ['8Y', '122-128', '62-64'],
    ],
  },
  'New Born Girls': {
    columns: ['Age', 'Height (cm)', 'Weight (kg)'],
    columnsAr: ['العمر', 'الطول (سم)', 'الوزن (كجم)'],
    rows: [
      ['0-3M', '50-62', '3-6'],
      ['3-6M', '62-68', '6-8'],
      ['6-12M', '68-80', '8-10'],
    ],
  },
  'New Born Boys': {
    columns: ['Age', 'Height (cm)', 'Weight (kg)'],
    columnsAr: ['العمر', 'الطول (سم)', 'الوزن (كجم)'],
    rows: [
      ['0-3M', '50-62', '3-6'],
      ['3-6M', '62-68', '6-8'],
      ['6-12M', '68-80', '8-10'],
    ],
  },
};
