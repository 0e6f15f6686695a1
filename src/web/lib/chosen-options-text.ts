import { isolate } from '@/web/i18n/bidi';
import { format, language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { variantLabel } from '@/shared/variant-label';
import { isColourOption } from './colour-swatches';

const { cart, variants: m } = messages;

type ChosenOptions = Readonly<Record<string, string>> | null | undefined;

/**
 * An option's name as the shopper reads it. The owner names options freely, and most shops (the demo
 * catalogue too) call them 'Size' and 'Color' in English: another language's page says those two in
 * its own words, as its filters do. Any other name, and every name on an English page, is as written.
 */
export function optionName(name: string): string {
  if (language === 'en') return name;
  if (isColourOption(name)) return m.colorFilter;
  return name.trim().toLowerCase() === 'size' ? m.sizeFilter : name;
}

/**
 * A line's chosen variant as every order and cart screen shows it: 'Size: M · Color: Navy'; undefined
 * for a product without options (a line of today's shape has no variant at all). The values are the
 * owner's words (often Latin), isolated so each keeps its place in an Arabic line.
 */
export function chosenOptionsText(options: ChosenOptions): string | undefined {
  const parts = Object.entries(options ?? {}).map(([option, value]) =>
    format(m.optionValue, { option: optionName(option), value: isolate(value) }),
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
    ? format(cart.variantName, { name: isolate(name), values: isolate(variantLabel([], chosen)) })
    : name;
}
