/**
 * Colour names as the owner types them, mapped to what a swatch paints: the fashion names CSS does not
 * know, or paints too loud (CSS's navy is a royal blue). Any other name CSS knows ('Olive', 'Sky Blue')
 * is painted as CSS names it; a name neither knows has no swatch and shows as a named chip, so a new
 * colour never shows as a wrong one. Kept small: the product card carries it on the first screen.
 */
const SWATCHES: Record<string, string> = {
  navy: '#1f2f54',
  sand: '#d8c3a0',
  camel: '#b8864b',
  cream: '#f4ecd8',
  charcoal: '#3b3b3b',
  denim: '#3f5e86',
  mint: '#a8dcc0',
  mustard: '#c99a2e',
  peach: '#f6c4a6',
  rose: '#d97a8a',
  'dusty pink': '#d8a3a8',
  burgundy: '#6d1f2f',
  lilac: '#c6b3dc',
  terracotta: '#b5563b',
  green: '#3f7a55',
  red: '#b23b3b',
};

/** The CSS colour of a colour name ('Navy', ' dusty pink ', 'Olive'), or undefined when it is not a known one. */
export function swatchOf(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  const own = SWATCHES[key];
  if (own) return own;
  const css = key.replace(/\s+/g, '');
  return /^[a-z]+$/.test(css) && typeof CSS !== 'undefined' && CSS.supports?.('color', css) ? css : undefined;
}

/** Is this option the product's colour? The owner names options freely; these are the names a colour goes by. */
export function isColourOption(name: string): boolean {
  return ['color', 'colour'].includes(name.trim().toLowerCase());
}
