/**
 * Common colour names as the owner types them, mapped to what a swatch paints. A name not listed here
 * has no swatch and shows as a named chip instead, so a new colour never shows as a wrong one.
 */
const SWATCHES: Record<string, string> = {
  black: '#1f1a17',
  white: '#ffffff',
  ivory: '#fbf6e9',
  cream: '#f4ecd8',
  beige: '#e3d5b8',
  sand: '#d8c3a0',
  camel: '#b8864b',
  brown: '#6b4226',
  chocolate: '#4e2e1e',
  grey: '#8a8a8a',
  gray: '#8a8a8a',
  charcoal: '#3b3b3b',
  silver: '#c0c0c0',
  gold: '#c9a13b',
  navy: '#1f2f54',
  blue: '#2f5fa8',
  'sky blue': '#8cc2e8',
  'light blue': '#a9cbe8',
  denim: '#3f5e86',
  teal: '#2a7b7b',
  turquoise: '#40b5ad',
  green: '#3f7a55',
  olive: '#6b6b2f',
  mint: '#a8dcc0',
  khaki: '#b3a57a',
  yellow: '#e8c33b',
  mustard: '#c99a2e',
  orange: '#e07b39',
  coral: '#ee7f6d',
  peach: '#f6c4a6',
  pink: '#ef9fb8',
  'dusty pink': '#d8a3a8',
  rose: '#d97a8a',
  red: '#b23b3b',
  burgundy: '#6d1f2f',
  maroon: '#6a2130',
  purple: '#6d4c94',
  lilac: '#c6b3dc',
  lavender: '#b9a7d6',
  terracotta: '#b5563b',
};

/** The CSS colour of a colour name ('Navy', ' dusty pink '), or undefined when the shop's name is not a known one. */
export function swatchOf(name: string): string | undefined {
  return SWATCHES[name.trim().toLowerCase()];
}

/** Is this option the product's colour? The owner names options freely; these are the names a colour goes by. */
export function isColourOption(name: string): boolean {
  return ['color', 'colour'].includes(name.trim().toLowerCase());
}
