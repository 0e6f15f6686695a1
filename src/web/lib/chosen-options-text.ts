import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { variantLabel } from '@/shared/schemas/variants';

const { cart, variants: m } = messages;

type ChosenOptions = Readonly<Record<string, string>> | null | undefined;

/**
 * A line's chosen variant as every order and cart screen shows it: 'Size: M · Color: Navy'; undefined
 * for a product without options (a line of today's shape has no variant at all).
 */
export function chosenOptionsText(options: ChosenOptions): string | undefined {
  const parts = Object.entries(options ?? {}).map(([option, value]) =>
    format(m.optionValue, { option, value }),
  );
  return parts.length > 0 ? parts.join(m.optionSeparator) : undefined;
}

/**
 * A line's name where there is room for one line only, and for its buttons' names: 'Linen Dress (M /
 * Navy)' as the server's stock messages name a variant, so two sizes of one dress are told apart.
 */
export function lineTitle(name: string, options: ChosenOptions): string {
  const chosen = options ?? {};
  return Object.keys(chosen).length > 0
    ? format(cart.variantName, { name, values: variantLabel([], chosen) })
    : name;
}
