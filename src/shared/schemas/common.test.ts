import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { format, messages } from '../messages';
import { SigninSchema, SignupSchema } from './auth';
import { AddToCartSchema } from './cart';
import { CategoryFormSchema, CategoryQuerySchema } from './category';
import { AddressOnlySchema, IdempotencyKeySchema, ShippingSchema } from './checkout';
import { text } from './common';
import { AdminOrderQuerySchema } from './order';
import { ProductFormSchema, ProductQuerySchema, ProductUpdateFormSchema, RateSchema } from './product';
import { VariantInputSchema } from './variants';

/** Each shared schema with a value it accepts: every text field of it is then spoilt in turn. */
const SCHEMAS: [string, z.ZodType, Record<string, string>][] = [
  [
    'sign-up',
    SignupSchema,
    { name: 'Mona', email: 'mona@example.com', password: 'Secret12', confirmPassword: 'Secret12' },
  ],
  ['sign-in', SigninSchema, { email: 'mona@example.com', password: 'Secret12' }],
  ['add to cart', AddToCartSchema, { productId: '6f1c1a52-0000-4000-8000-000000000000', quantity: '1' }],
  ['category form', CategoryFormSchema, { name: 'Belts' }],
  ['category query', CategoryQuerySchema, { search: 'belt', page: '1', limit: '10' }],
  [
    'checkout',
    ShippingSchema,
    {
      name: 'Mona Ahmed',
      phone: '01012345678',
      street: 'Tahrir Street',
      building: '12',
      floor: '3',
      apartment: '7',
      landmark: 'Near the mosque',
      area: 'Dokki',
      city: 'Giza',
    },
  ],
  [
    'address-only checkout',
    AddressOnlySchema,
    { name: 'Omar Khaled', phone: '01112345678', address: '1 Nile St, Cairo' },
  ],
  ['admin order query', AdminOrderQuerySchema, { search: 'mona', status: 'pending', page: '1', limit: '10' }],
  [
    'product query',
    ProductQuerySchema,
    {
      search: 'dress',
      slug: 'women',
      category: 'Women',
      minPrice: '1',
      maxPrice: '900',
      page: '2',
      limit: '12',
    },
  ],
  [
    'product form',
    ProductFormSchema,
    {
      name: 'Linen Dress',
      description: 'Light',
      price: '450.5',
      discount: '10',
      avaliableItems: '7',
      category: 'women',
    },
  ],
  [
    'product update form',
    ProductUpdateFormSchema,
    { name: 'Linen Dress', description: 'Light', category: 'women' },
  ],
];

const CASES = SCHEMAS.flatMap(([label, schema, valid]) =>
  Object.keys(valid).map((field) => [label, schema, valid, field] as const),
);

/** The first message the schema answers for `value`, or null when it accepts it. */
function refusal(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
}

describe('shared schemas: limits on everything a caller sends (issue 11)', () => {
  it.each(SCHEMAS)('the %s example is valid', (_label, schema, valid) => {
    expect(refusal(schema, valid)).toBeNull();
  });

  it.each(CASES)(
    '%s: a NUL anywhere in %s is refused in words naming the field',
    (_label, schema, valid, field) => {
      fc.assert(
        fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (before, after) => {
          const message = refusal(schema, { ...valid, [field]: `${before}\u0000${after}` });
          expect(message).not.toBeNull();
          // The field's own SPEC message (a select like city or status), or the rule naming the field.
          const named =
            message!.toLowerCase().includes(field.toLowerCase()) ||
            Object.values(messages).some((group) => Object.values(group).includes(message));
          expect(named, message ?? '').toBe(true);
        }),
        { numRuns: 25 },
      );
    },
  );

  it.each(CASES)('%s: %s has a maximum length', (_label, schema, valid, field) => {
    expect(refusal(schema, { ...valid, [field]: 'a'.repeat(10_000) })).not.toBeNull();
    expect(refusal(schema, { ...valid, [field]: '7'.repeat(10_000) })).not.toBeNull();
  });

  it('text() names the field in its NUL and length rules, trimming first unless told not to', () => {
    const name = text('name', { max: 5 });
    expect(refusal(name, 'a\u0000')).toBe('name must not contain a NUL character');
    expect(refusal(name, 'abcdef')).toBe('name must be at most 5 characters');
    expect(name.parse('  abcde  ')).toBe('abcde');
    expect(refusal(text('key', { max: 5, trim: false }), ' abcde')).toBe('key must be at most 5 characters');
    expect(refusal(text('name', { max: 5, tooLong: 'Too long' }), 'abcdef')).toBe('Too long');
  });

  it('text() refuses half a character (a lone surrogate) by the field, and takes whole pairs', () => {
    const name = text('name', { max: 10 });
    const rule = 'name must not contain half a character (a lone surrogate, \\ud800 to \\udfff)';
    for (const lone of ['\ud800', 'a\udfff', '\udc00\ud800', 'x\ud83d'])
      expect(refusal(name, lone)).toBe(rule);
    expect(name.parse('👗 ok')).toBe('👗 ok');
  });

  it('Idempotency-Key: 1 to 200 characters, never blank, never a NUL', () => {
    expect(refusal(IdempotencyKeySchema, 'k'.repeat(200))).toBeNull();
    expect(refusal(IdempotencyKeySchema, 'k'.repeat(201))).toBe(messages.orders.idempotencyKeyRule);
    expect(refusal(IdempotencyKeySchema, '   ')).toBe(messages.orders.idempotencyKeyRule);
    expect(refusal(IdempotencyKeySchema, 'a\u0000b')).toBe(
      'Idempotency-Key must not contain a NUL character',
    );
  });

  it('numbers stay inside what their integer columns hold', () => {
    for (const price of ['21474837', '10000000.01']) {
      expect(refusal(ProductQuerySchema, { minPrice: price })).toBe('minPrice must be at most 10000000');
      expect(refusal(ProductQuerySchema, { maxPrice: price })).toBe('maxPrice must be at most 10000000');
      expect(refusal(ProductFormSchema.shape.price, price)).toBe(messages.admin.priceRule);
    }
    expect(refusal(ProductQuerySchema, { maxPrice: '10000000' })).toBeNull();
    expect(refusal(ProductQuerySchema, { page: '1e99' })).toBe('page must be a whole number of at least 1');
    expect(refusal(ProductFormSchema.shape.avaliableItems, '1000001')).toBe(
      messages.admin.availableItemsRule,
    );
    expect(refusal(AddToCartSchema.shape.quantity, '1001')).toBe(messages.cart.quantityRule);
  });

  it('reads only plainly written numbers: digits, and for money at most 2 decimals', () => {
    const money = (field: string) => format(messages.errors.moneyFormat, { field });
    // What coercion used to read as a number: a list, hexadecimal, an exponent, a boolean, padding.
    for (const rating of [[5], ['5'], '0x5', '5e0', '5.0', true, ' 5x', '+5', {}]) {
      expect(refusal(RateSchema, { rating }), JSON.stringify(rating)).toBe(messages.catalog.ratingRange);
    }
    expect(RateSchema.parse({ rating: 5 })).toEqual({ rating: 5 });
    expect(RateSchema.parse({ rating: '٤' })).toEqual({ rating: 4 });
    for (const price of ['0x10', '100.001', '1e3', '12,5', [10], 'Infinity', '', ' ']) {
      const expected = price === '' || price === ' ' ? messages.admin.fillRequired : money('price');
      expect(refusal(ProductFormSchema.shape.price, price), JSON.stringify(price)).toBe(expected);
    }
    expect(refusal(ProductFormSchema.shape.price, 100.001)).toBe(money('price'));
    for (const [typed, read] of [
      ['450', 450],
      ['450.5', 450.5],
      ['450.50', 450.5],
      [' 450.25 ', 450.25],
      ['٤٥٠٫٥', 450.5],
      [99.99, 99.99],
    ] as const) {
      expect(ProductFormSchema.shape.price.parse(typed)).toBe(read);
    }
    for (const minPrice of ['0x10', '1e2', '10.001']) {
      expect(refusal(ProductQuerySchema, { minPrice })).toBe(money('minPrice'));
    }
    for (const quantity of ['0x2', '2.0', [2], '1e1', true]) {
      expect(refusal(AddToCartSchema.shape.quantity, quantity), JSON.stringify(quantity)).toBe(
        messages.cart.quantityRule,
      );
    }
    for (const stock of ['0x10', '7.5', '1e1', [7]]) {
      expect(refusal(ProductFormSchema.shape.avaliableItems, stock)).toBe(messages.admin.availableItemsRule);
    }
    expect(ProductFormSchema.shape.avaliableItems.parse('٧')).toBe(7);
    expect(refusal(ProductFormSchema.shape.discount, '0x14')).toBe(messages.admin.discountRule);
    expect(refusal(ProductQuerySchema, { page: '0x2' })).toBe(messages.errors.pageRule);
    expect(refusal(VariantInputSchema.shape.avaliableItems, '0x3')).toBe(messages.admin.variantStockRule);
    expect(refusal(VariantInputSchema.shape.price, '0x10')).toBe(money('price'));
    expect(refusal(VariantInputSchema.shape.price, 600.125)).toBe(money('price'));
    expect(VariantInputSchema.shape.price.parse('')).toBeNull();
    expect(VariantInputSchema.shape.price.parse(600.5)).toBe(600.5);
  });
});
