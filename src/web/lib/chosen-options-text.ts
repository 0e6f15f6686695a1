import { isolate } from '@/web/i18n/bidi';
import { format, language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { variantLabel } from '@/shared/variant-label';
import { isColourOption } from './colour-swatches';

const { cart, orders, variants: m } = messages;

type ChosenOptions = Readonly<Record<string, string>> | null | undefined;
/** A line's variant: its values, and the same in Arabic (issue 35) where the answer carries them. */
type ChosenVariant = { options: ChosenOptions; optionsAr?: ChosenOptions } | null | undefined;

/** The values a shopper reads: the Arabic ones on an Arabic page, each the English where none was written. */
const shown = (variant: ChosenVariant) => (language === 'ar' && variant?.optionsAr) || variant?.options;

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
export function chosenOptionsText(variant: ChosenVariant): string | undefined {
  const parts = Object.entries(shown(variant) ?? {}).map(([option, value]) =>
    format(m.optionValue, { option: optionName(option), value: isolate(value) }),
  );
  return parts.length > 0 ? parts.join(m.optionSeparator) : undefined;
}

/** A cart or order line: its variant, or (a SPEC §7 client's line, issue 35) its size still to confirm. */
interface LineChoice {
  variant?: ChosenVariant;
  variantToConfirm?: boolean;
}

/**
 * What a line shows under its name: 'Size: M · Color: Navy', or 'Size to confirm' for a line added
 * without its size (the owner chooses it on the order); undefined for a product without options.
 */
export function lineOptionsText(line: LineChoice): string | undefined {
  return line.variantToConfirm ? orders.variantToConfirm : chosenOptionsText(line.variant);
}

/**
 * A line's name where there is room for one line only, and for its buttons' names: 'Linen Dress (M /
 * Navy)' as the server's stock messages name a variant, so two sizes of one dress are told apart.
 */
export function lineTitle(name: string, variant: ChosenVariant, toConfirm = false): string {
  if (toConfirm) return format(cart.variantName, { name: isolate(name), values: orders.variantToConfirm });
  const chosen = shown(variant) ?? {};
  return Object.keys(chosen).length > 0
    ? format(cart.variantName, { name: isolate(name), values: isolate(variantLabel([], chosen)) })
    : name;
}
