/**
 * Sizes, colours and the size guide (issue 13) as shoppers meet them (the admin reads these too); the
 * admin's own texts about them are in ./admin-variants.ts.
 */
export const variants = {
  // Product details
  optionLegend: '{option}:',
  soldOutChip: 'Sold out',
  /** A value that cannot be taken, as a screen reader names its radio. */
  valueSoldOut: '{value}, Sold out',
  sizeGuide: 'Size guide',
  sizeGuideTitle: '{category} size guide',
  close: 'Close',
  // Listing filters
  sizeFilter: 'Size',
  colorFilter: 'Color',
  /** A size or colour filter button, as a screen reader names it. */
  facetName: '{value} ({n} products)',
  chipSize: 'Size: {values}',
  chipColor: 'Color: {values}',
  // A line's chosen variant, in the cart, checkout and orders: 'Size: M · Color: Navy'
  optionValue: '{option}: {value}',
  optionSeparator: ' · ',
} as const;
