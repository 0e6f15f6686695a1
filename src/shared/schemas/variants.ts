import { z } from 'zod';
import { asciiDigitsOf, plainNumber } from '../digits';
import {
  MAX_OPTION_VALUES,
  MAX_PRICE_EGP,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  MAX_STOCK,
} from '../constants';
import { messages } from '../messages';
import { phraseIssue, ruleText } from '../translate';
import { variantLabel } from '../variant-label';
import { AnswerIdSchema, CountSchema, EgpSchema, text } from './common';

// Sizes and colours (issue 13): a product's options, the variants it sells, and a category's size
// guide, as the API answers them and as the admin forms send them.

const a = messages.admin;

export const OPTION_NAME_MAX = 40;
export const OPTION_VALUE_MAX = 40;
export const SKU_MAX = 64;
export const SIZE_GUIDE_MAX_COLUMNS = 12;
export const SIZE_GUIDE_MAX_ROWS = 40;
export const SIZE_GUIDE_CELL_MAX = 40;

/** An option as answered: its name and its values in the owner's order, e.g. Size: S, M, L, XL. */
export const ProductOptionSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
  /**
   * Each value in Arabic (issue 35), in the same order, empty where none was written: Arabic pages say
   * these, the English `values` stay what variants, carts and filters choose by. Absent on a product
   * saved before.
   */
  valuesAr: z.array(z.string()).optional(),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** A variant's choice: one value for each of the product's options, keyed by the option's name. */
export const VariantOptionsSchema = z.record(z.string(), z.string());
export type VariantOptions = z.infer<typeof VariantOptionsSchema>;

/** A variant as `GET /product/{id}` answers it. */
export const VariantSchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  /** Unique in the shop. */
  sku: z.string(),
  options: VariantOptionsSchema,
  /** The variant's own price, or the product's when it has none, in EGP. */
  price: EgpSchema,
  /** `price` with the product's discount. */
  finalPrice: EgpSchema,
  avaliableItems: CountSchema,
  inStock: z.boolean(),
});
export type VariantDto = z.infer<typeof VariantSchema>;

/**
 * `options` with each value in Arabic, its English where the owner wrote none (issue 35): what Arabic
 * pages, e-mails and the slip say of a line's variant.
 */
export const VariantOptionsArSchema = VariantOptionsSchema.describe(
  "The chosen values in Arabic, keyed like `options`; a value's English where it has no Arabic",
);

/** A variant as a cart line or order line names it. */
export const VariantRefSchema = z.object({
  sku: z.string(),
  options: VariantOptionsSchema,
  optionsAr: VariantOptionsArSchema.optional(),
});

/** A category's size chart: column headers, and rows of as many cells. */
export const SizeGuideSchema = z.object({
  columns: z.array(z.string()),
  /** Each column's heading in Arabic (issue 35), empty where none; absent on a guide saved before. */
  columnsAr: z.array(z.string()).optional(),
  rows: z.array(z.array(z.string())),
});
export type SizeGuide = z.infer<typeof SizeGuideSchema>;

/** The value of the option called `name` in any case (Size, size, SIZE): how filters name options. */
export function optionValue(chosen: VariantOptions, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const key = Object.keys(chosen).find((key) => key.toLowerCase() === wanted);
  return key === undefined ? undefined : chosen[key];
}

// The admin's input. The product form is multipart, so `options`, `variants` and `sizeGuide` travel as
// JSON text fields; the web form builds the same objects and checks them with the same schemas.

const optionName = text('option name', {
  max: OPTION_NAME_MAX,
  tooLong: ruleText(a.optionNameTooLong, { max: OPTION_NAME_MAX }),
}).min(1, a.optionNameRequired);
const optionValueText = text('option value', {
  max: OPTION_VALUE_MAX,
  tooLong: ruleText(a.optionValueTooLong, { max: OPTION_VALUE_MAX }),
}).min(1, a.optionValueRequired);

/** An option value's Arabic: optional (empty is none), as long as an English one may be. */
const optionValueArText = text('option value in Arabic', {
  max: OPTION_VALUE_MAX,
  tooLong: ruleText(a.optionValueTooLong, { max: OPTION_VALUE_MAX }),
});

export const ProductOptionInputSchema = z
  .object({
    name: optionName,
    values: z.array(optionValueText),
    /** One Arabic text for each value, in order; shorter (or left out) leaves the rest without. */
    valuesAr: z.array(optionValueArText).optional(),
  })
  .superRefine((option, ctx) => {
    if ((option.valuesAr?.length ?? 0) > option.values.length) {
      ctx.addIssue(phraseIssue(a.optionValuesArShape, { name: option.name }));
    }
    if (option.values.length === 0) {
      ctx.addIssue(phraseIssue(a.optionValuesRequired, { name: option.name }));
    }
    if (option.values.length > MAX_OPTION_VALUES) {
      ctx.addIssue(phraseIssue(a.tooManyOptionValues, { name: option.name, max: MAX_OPTION_VALUES }));
    }
    const seen = new Set<string>();
    for (const value of option.values) {
      if (seen.has(value.toLowerCase())) {
        ctx.addIssue(phraseIssue(a.duplicateOptionValue, { name: option.name, value }));
        return;
      }
      seen.add(value.toLowerCase());
    }
  })
  // Sent, stored with one Arabic text per value, so every reader pairs them by position; left out,
  // the option is saved as a client of before sent it.
  .transform(({ valuesAr, ...option }) =>
    valuesAr ? { ...option, valuesAr: option.values.map((_, index) => valuesAr[index] ?? '') } : option,
  );

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : asciiDigitsOf(value));

export const VariantInputSchema = z.object({
  /** An existing variant's id, to keep it (and its sales) while editing; left out for a new one. */
  id: z.uuid({ error: messages.errors.variantIdRule }).optional(),
  sku: text('sku', { max: SKU_MAX, tooLong: ruleText(a.skuTooLong, { max: SKU_MAX }) }).min(1, a.skuRequired),
  /**
   * The SKU is the form's suggestion (from the product name's first words), not one the owner typed:
   * when another product holds it, the server saves it with the first free suffix (`-2`, `-3`…) instead
   * of refusing the save. Left out, a SKU another product holds stays a 409.
   */
  autoSku: z.boolean().optional(),
  options: z.record(z.string(), z.string()),
  avaliableItems: plainNumber(
    'integer',
    a.variantStockRule,
    z
      .number({ error: a.variantStockRule })
      .int(a.variantStockRule)
      .min(0, a.variantStockRule)
      .max(MAX_STOCK, a.variantStockRule),
  ),
  /** The variant's own price in EGP; null or left out for the product's. */
  price: z.preprocess(
    blankToNull,
    plainNumber(
      'money',
      ruleText(messages.errors.moneyFormat, { field: 'price' }),
      z
        .number({ error: a.variantPriceRule })
        .min(0, a.variantPriceRule)
        .max(MAX_PRICE_EGP, a.variantPriceRule)
        .nullable(),
    ),
  ),
});
export type VariantInput = z.output<typeof VariantInputSchema>;

/**
 * A product's options and variants together: every variant chooses exactly one value of each option,
 * no two choose the same combination, and no SKU is listed twice (a SKU another product holds is the
 * server's 409). No options means no variants: the product keeps one stock figure as before.
 */
export const ProductVariantsInputSchema = z
  .object({
    options: z.array(ProductOptionInputSchema).max(MAX_PRODUCT_OPTIONS, {
      error: ruleText(a.tooManyOptions, { max: MAX_PRODUCT_OPTIONS }),
    }),
    variants: z
      .array(VariantInputSchema)
      .max(MAX_PRODUCT_VARIANTS, { error: ruleText(a.tooManyVariants, { max: MAX_PRODUCT_VARIANTS }) }),
  })
  .superRefine(({ options, variants }, ctx) => {
    const fail = (template: string, values?: Record<string, string>) =>
      ctx.addIssue(phraseIssue(template, values));
    const names = new Set<string>();
    for (const option of options) {
      if (names.has(option.name.toLowerCase())) return fail(a.duplicateOptionName, { name: option.name });
      names.add(option.name.toLowerCase());
    }
    if (options.length === 0 && variants.length > 0) return fail(a.variantsNeedOptions);
    if (options.length > 0 && variants.length === 0) return fail(a.optionsNeedVariants);
    const skus = new Set<string>();
    const combinations = new Set<string>();
    for (const variant of variants) {
      if (skus.has(variant.sku.toLowerCase())) return fail(a.duplicateSku, { sku: variant.sku });
      skus.add(variant.sku.toLowerCase());
      const keys = Object.keys(variant.options);
      const exact = keys.length === options.length && options.every((option) => keys.includes(option.name));
      if (!exact) {
        return fail(a.variantOptionsMismatch, {
          sku: variant.sku,
          options: options.map((option) => option.name).join(', '),
        });
      }
      for (const option of options) {
        const value = variant.options[option.name]!;
        if (!option.values.includes(value)) {
          return fail(a.variantUnknownValue, { sku: variant.sku, value, option: option.name });
        }
      }
      const combination = variantLabel(options, variant.options);
      if (combinations.has(combination)) return fail(a.duplicateCombination, { combination });
      combinations.add(combination);
    }
  });
export type ProductVariantsInput = z.output<typeof ProductVariantsInputSchema>;

const sizeGuideCell = text('size guide cell', {
  max: SIZE_GUIDE_CELL_MAX,
  tooLong: ruleText(a.sizeGuideCellTooLong, { max: SIZE_GUIDE_CELL_MAX }),
});

export const SizeGuideInputSchema = z
  .object({
    columns: z.array(sizeGuideCell).min(1, a.sizeGuideJson),
    /** Each column's heading in Arabic, in order; shorter (or left out) leaves the rest without. */
    columnsAr: z.array(sizeGuideCell).optional(),
    rows: z.array(z.array(sizeGuideCell)),
  })
  .superRefine((guide, ctx) => {
    if (guide.columns.length > SIZE_GUIDE_MAX_COLUMNS || guide.rows.length > SIZE_GUIDE_MAX_ROWS) {
      ctx.addIssue({
        code: 'custom',
        message: ruleText(a.sizeGuideTooLarge, {
          columns: SIZE_GUIDE_MAX_COLUMNS,
          rows: SIZE_GUIDE_MAX_ROWS,
        }),
      });
      return;
    }
    if (guide.rows.some((row) => row.length !== guide.columns.length)) {
      ctx.addIssue(phraseIssue(a.sizeGuideShape, { n: guide.columns.length }));
    }
    if ((guide.columnsAr?.length ?? 0) > guide.columns.length) {
      ctx.addIssue(phraseIssue(a.sizeGuideShape, { n: guide.columns.length }));
    }
  })
  .transform(({ columnsAr, columns, rows }) =>
    columnsAr
      ? { columns, columnsAr: columns.map((_, index) => columnsAr[index] ?? ''), rows }
      : { columns, rows },
  );

/**
 * A multipart text field holding JSON: parsed, then checked with `schema`; text that is not JSON gets
 * `message`. Left out stays undefined (unchanged); `emptyAs` is what an empty field means.
 */
export function jsonField<S extends z.ZodType>(schema: S, message: string, emptyAs?: unknown) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return emptyAs;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  }, schema);
}

/** `sizeGuide` in the category form: JSON text; empty (or `null`) removes the guide. */
export const SizeGuideFieldSchema = jsonField(SizeGuideInputSchema.nullable(), a.sizeGuideJson, null);
