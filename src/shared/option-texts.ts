/**
 * The Arabic of the owner's option values (issue 35): a product's option carries `valuesAr` beside its
 * `values`, one Arabic text for each (empty where none was written). The English value stays the key
 * (variants, carts, filters and swatches choose by it); Arabic pages, e-mails and the slip say the
 * Arabic one when there is one. In a module of its own, without the schemas, as variant-label.ts.
 */
export interface OptionTexts {
  readonly name: string;
  readonly values: readonly string[];
  readonly valuesAr?: readonly string[] | undefined;
}

/** One value of `option` in Arabic, or its English when it has none. */
export function arabicValueOf(option: OptionTexts | undefined, value: string): string {
  return option?.valuesAr?.[option.values.indexOf(value)]?.trim() || value;
}

/** A variant's choice with each value in Arabic (its English where none), keyed by the option's name. */
export function arabicOptionsOf(
  options: readonly OptionTexts[],
  chosen: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(chosen).map(([name, value]) => [
      name,
      arabicValueOf(
        options.find((option) => option.name === name),
        value,
      ),
    ]),
  );
}
