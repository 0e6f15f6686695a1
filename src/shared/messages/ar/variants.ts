import type { Dictionary } from '../dictionary';
import type { variants as english } from '../variants';

export const variants: Dictionary<typeof english> = {
  // Product details
  optionLegend: '{option}:',
  soldOutChip: 'نفدت الكمية',
  valueSoldOut: '{value}، نفدت الكمية',
  sizeGuide: 'دليل المقاسات',
  sizeGuideTitle: 'دليل مقاسات {category}',
  close: 'إغلاق',
  // Listing filters
  sizeFilter: 'المقاس',
  colorFilter: 'اللون',
  facetName: '{value} (عدد المنتجات: {n})',
  chipSize: 'المقاس: {values}',
  chipColor: 'اللون: {values}',
  // A line's chosen variant
  optionValue: '{option}: {value}',
  optionSeparator: ' · ',
};
