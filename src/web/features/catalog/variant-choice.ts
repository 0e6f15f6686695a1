/**
 * What a shopper has chosen on a product with options (issue 13), and what follows from it: which
 * values can still be chosen, and the variant the choices name. Pure functions, so the details page
 * and its tests judge a choice the same way.
 */

export interface ProductOption {
  name: string;
  values: string[];
  /** Each value in Arabic, in order (issue 35); empty or absent where none was written. */
  valuesAr?: string[] | undefined;
}

/** The part of a variant that choosing reads; the API's variant has these and more. */
export interface ChoosableVariant {
  _id: string;
  options: Record<string, string>;
  price: number;
  finalPrice: number;
  avaliableItems: number;
  inStock: boolean;
}

/** Option name → chosen value; an option not chosen yet has no key. */
export type Choice = Readonly<Record<string, string>>;

/** An option with one value leaves nothing to choose, so it starts chosen. */
export function initialChoice(options: readonly ProductOption[]): Choice {
  const choice: Record<string, string> = {};
  for (const option of options) {
    const [only, ...others] = option.values;
    if (only !== undefined && others.length === 0) choice[option.name] = only;
  }
  return choice;
}

/**
 * A value can be chosen when some variant in stock has it together with every other option already
 * chosen; a combination the shop does not offer, or has sold out of, is shown but cannot be taken.
 */
export function canChoose(
  variants: readonly ChoosableVariant[],
  choice: Choice,
  optionName: string,
  value: string,
): boolean {
  return variants.some(
    (variant) =>
      variant.inStock &&
      variant.avaliableItems > 0 &&
      variant.options[optionName] === value &&
      Object.entries(choice).every(
        ([name, chosen]) => name === optionName || variant.options[name] === chosen,
      ),
  );
}

/** The variant every option's choice names, or undefined while an option is still open. */
export function chosenVariant<Variant extends ChoosableVariant>(
  options: readonly ProductOption[],
  variants: readonly Variant[],
  choice: Choice,
): Variant | undefined {
  if (options.some((option) => choice[option.name] === undefined)) return undefined;
  return variants.find((variant) =>
    options.every((option) => variant.options[option.name] === choice[option.name]),
  );
}

/** The first option the shopper has not chosen yet: what Add to Cart asks for. */
export function firstMissing(options: readonly ProductOption[], choice: Choice): string | undefined {
  return options.find((option) => choice[option.name] === undefined)?.name;
}
