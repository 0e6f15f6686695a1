/**
 * 'M / Navy': a variant's values in the product's option order, as stock messages and screens name it.
 * In a module of its own, without the schemas: the storefront's pages that name a variant (the product
 * page, the cart) need this and not the validation library the schemas are built with.
 */
export function variantLabel(
  options: readonly { readonly name: string }[],
  chosen: Readonly<Record<string, string>>,
): string {
  const names = options.length > 0 ? options.map((option) => option.name) : Object.keys(chosen);
  return names.flatMap((name) => (chosen[name] === undefined ? [] : [chosen[name]])).join(' / ');
}
