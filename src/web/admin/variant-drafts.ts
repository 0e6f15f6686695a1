import { MAX_PRODUCT_OPTIONS } from '@/shared/constants';
import type { ProductDetailDto } from '@/shared/schemas/product';
import {
  ProductVariantsInputSchema,
  type ProductOption,
  type ProductVariantsInput,
} from '@/shared/schemas/variants';
import { variantLabel } from '@/shared/variant-label';
import { refusalText } from '@/web/i18n/translate';

/**
 * The admin's options and variants while they are being edited (issue 13): text as typed, so a
 * half-typed price or a trailing comma is not rewritten under the cursor. The shared schema judges
 * them when the form is saved, with the messages the server uses.
 */

/** An option as typed: its name, and its values as one comma-separated text ('S, M, L'). */
export interface OptionDraft {
  name: string;
  values: string;
  /** Each value's Arabic as typed (issue 35), keyed by the value; a value without one shows as written. */
  valuesAr?: Record<string, string>;
}

/** A variant as typed; `id` is an existing variant's, so saving keeps it (and its past sales). */
export interface VariantDraft {
  id?: string;
  sku: string;
  /** The SKU is still the form's suggestion: the server may add a suffix if another product holds it. */
  autoSku?: boolean;
  options: Record<string, string>;
  avaliableItems: string;
  /** Empty for the product's price. */
  price: string;
}

export interface VariantsDraft {
  options: OptionDraft[];
  variants: VariantDraft[];
}

export const NO_VARIANTS: VariantsDraft = { options: [], variants: [] };

export function canAddOption(draft: VariantsDraft): boolean {
  return draft.options.length < MAX_PRODUCT_OPTIONS;
}

/** The options as the API takes them: names and values trimmed, blank values dropped, blank options left out. */
export function parsedOptions(drafts: readonly OptionDraft[]): ProductOption[] {
  return drafts
    .map((draft) => {
      const values = optionValues(draft);
      return {
        name: draft.name.trim(),
        values,
        valuesAr: values.map((value) => draft.valuesAr?.[value]?.trim() ?? ''),
      };
    })
    .filter((option) => option.name !== '' || option.values.length > 0);
}

/** An option's values as typed: 'S, M, L' is S, M and L. */
export function optionValues(draft: OptionDraft): string[] {
  return draft.values
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Every combination of one value per option, in the options' order: S/Navy, S/Sand, M/Navy, ... */
function combinations(options: readonly ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (partial, option) =>
      partial.flatMap((chosen) => option.values.map((value) => ({ ...chosen, [option.name]: value }))),
    [{}],
  );
}

const sameChoice = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([name, value]) => b[name] === value);

/** 'LAYLA-DRESS-M-NAVY': a SKU the owner can keep or change; letters and digits only, so it reads on a label. */
function suggestedSku(base: string, chosen: Record<string, string>): string {
  return [base, ...Object.values(chosen)]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The variant matrix for the options: one row per combination. A combination that already has a row
 * keeps it (its id, SKU, stock and price); a new one gets a suggested SKU and no stock.
 */
export function generateVariants(draft: VariantsDraft, skuBase: string): VariantDraft[] {
  const base = skuBase.trim().split(/\s+/).slice(0, 3).join(' ') || 'SKU';
  return combinations(parsedOptions(draft.options)).map(
    (chosen) =>
      draft.variants.find((variant) => sameChoice(variant.options, chosen)) ?? {
        sku: suggestedSku(base, chosen),
        autoSku: true,
        options: chosen,
        avaliableItems: '0',
        price: '',
      },
  );
}

/**
 * The options were changed after the rows were made: a row chooses a value the options no longer
 * have, or a value has no row at all. (A combination left out on purpose is simply not offered.)
 */
export function isOutOfDate(draft: VariantsDraft): boolean {
  const options = parsedOptions(draft.options);
  if (options.length === 0 || draft.variants.length === 0) return false;
  const wanted = combinations(options);
  const stale = draft.variants.some(
    (variant) => !wanted.some((chosen) => sameChoice(variant.options, chosen)),
  );
  const uncovered = options.some((option) =>
    option.values.some((value) => !draft.variants.some((variant) => variant.options[option.name] === value)),
  );
  return stale || uncovered;
}

/** 'M / Navy': how a row is named on screen and to a screen reader. */
export function rowName(draft: VariantsDraft, variant: VariantDraft): string {
  return variantLabel(parsedOptions(draft.options), variant.options);
}

/** The product's stock when it has variants: theirs added up (a half-typed figure counts as 0). */
export function totalStock(draft: VariantsDraft): number {
  return draft.variants.reduce((sum, variant) => {
    const stock = Number(variant.avaliableItems);
    return sum + (Number.isInteger(stock) && stock > 0 ? stock : 0);
  }, 0);
}

/** The product being edited, as drafts; a variant's price shows only when it is its own. */
export function draftOf(product: ProductDetailDto): VariantsDraft {
  return {
    options: product.options.map((option) => ({
      name: option.name,
      values: option.values.join(', '),
      valuesAr: Object.fromEntries(option.values.map((value, at) => [value, option.valuesAr?.[at] ?? ''])),
    })),
    variants: product.variants.map((variant) => ({
      id: variant._id,
      sku: variant.sku,
      options: { ...variant.options },
      avaliableItems: String(variant.avaliableItems),
      price: variant.price === product.price ? '' : String(variant.price),
    })),
  };
}

/**
 * The drafts judged by the shared schema: the checked options and variants, or the first rule broken,
 * said in the page's language.
 * No options at all is a product with one stock figure.
 */
export function checkedVariants(
  draft: VariantsDraft,
): { ok: true; value: ProductVariantsInput } | { ok: false; message: string } {
  const result = ProductVariantsInputSchema.safeParse({
    options: parsedOptions(draft.options),
    variants: draft.variants.map(({ id, sku, autoSku, options, avaliableItems, price }) => ({
      ...(id ? { id } : {}),
      sku,
      ...(autoSku ? { autoSku } : {}),
      options,
      avaliableItems,
      price,
    })),
  });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: refusalText(result.error) };
}
