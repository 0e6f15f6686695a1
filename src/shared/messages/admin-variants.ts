/**
 * The admin's texts about sizes, colours and stock (issue 13): the variant editor, the low-stock list and
 * the size-guide editor. Apart from ./variants.ts (the storefront's) so that a shopper's Arabic download
 * does not carry them: they load with the admin's screens (src/web/admin/texts.ts).
 */
export const adminVariants = {
  // An order line's variant, on the admin's order page
  skuLabel: 'SKU {sku}',
  // Admin product form
  optionsTitle: 'Sizes and colours',
  optionsIntro:
    'Up to 3 options, such as Size and Color. Each combination becomes a variant with its own SKU and stock.',
  addOption: 'Add option',
  optionName: 'Option {n} name',
  optionValues: 'Option {n} values',
  optionValuesHint: 'Separate values with commas, e.g. S, M, L, XL',
  optionValueAr: '{value} in Arabic',
  optionValuesArHint:
    'How Arabic pages, the cart, e-mails and the packing slip name each value; empty shows it as written.',
  removeOption: 'Remove option {n}',
  generateVariants: 'Generate variants',
  variantsTitle: 'Variants',
  variantsOutOfDate: 'The options changed since the variants were made: generate them again.',
  generateFirst: "Generate the variants to set each one's SKU and stock.",
  colVariant: 'Variant',
  colSku: 'SKU',
  colStock: 'Stock',
  colOwnPrice: 'Own price (optional)',
  skuOf: 'SKU of {variant}',
  stockOf: 'Stock of {variant}',
  priceOf: 'Price of {variant}',
  removeVariant: 'Remove {variant}',
  setStockForAll: 'Set stock for all',
  applyStockToAll: 'Apply to all',
  stockFromVariants: 'The stock is the sum of the variants: {n}',
  // Admin product list
  lowStock: 'Low stock',
  lowStockTitle: 'Low stock: {n} or fewer',
  lowStockThreshold: 'Show stock at or under',
  lowStockEmpty: 'Nothing is at or under {n} in stock.',
  lowStockFailed: 'Failed to load the low-stock list',
  stockTotal: 'Total of its variants',
  // Admin category form
  sizeGuideIntro:
    'A chart shoppers open from the products of this category: column headings, then a row per size.',
  addSizeGuide: 'Add a size guide',
  removeSizeGuide: 'Remove the size guide',
  addRow: 'Add row',
  addColumn: 'Add column',
  columnHeading: 'Column {n} heading',
  columnHeadingAr: 'Column {n} heading in Arabic',
  cellLabel: 'Row {row}, {column}',
  removeRow: 'Remove row {n}',
  removeColumn: 'Remove column {n}',
  sizeGuideTable: 'Size guide chart',
} as const;
