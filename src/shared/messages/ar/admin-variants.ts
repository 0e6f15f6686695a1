import type { adminVariants as english } from '../admin-variants';
import type { Dictionary } from '../dictionary';

export const adminVariants: Dictionary<typeof english> = {
  // An order line's variant, on the admin's order page
  skuLabel: 'رمز SKU {sku}',
  // Admin product form
  optionsTitle: 'المقاسات والألوان',
  optionsIntro: 'حتى 3 خيارات، مثل المقاس واللون. كل تركيبة منها تصبح نوعًا له رمز SKU ومخزون خاصان به.',
  addOption: 'إضافة خيار',
  optionName: 'اسم الخيار {n}',
  optionValues: 'قيم الخيار {n}',
  optionValuesHint: 'افصل بين القيم بفواصل، مثل S, M, L, XL',
  optionValueAr: '{value} بالعربية',
  optionValuesArHint:
    'كيف تسمّي الصفحات العربية والسلة والرسائل وقائمة التعبئة كل قيمة؛ إذا تُركت فارغة تظهر كما كُتبت.',
  removeOption: 'حذف الخيار {n}',
  generateVariants: 'إنشاء الأنواع',
  variantsTitle: 'الأنواع',
  variantsOutOfDate: 'تغيّرت الخيارات بعد إنشاء الأنواع: أنشئها مرة أخرى.',
  generateFirst: 'أنشئ الأنواع لتحديد رمز SKU والمخزون لكل منها.',
  colVariant: 'النوع',
  colSku: 'SKU',
  colStock: 'المخزون',
  colOwnPrice: 'سعر خاص (اختياري)',
  skuOf: 'رمز SKU لـ {variant}',
  stockOf: 'مخزون {variant}',
  priceOf: 'سعر {variant}',
  removeVariant: 'حذف {variant}',
  setStockForAll: 'تحديد المخزون للكل',
  applyStockToAll: 'تطبيق على الكل',
  stockFromVariants: 'المخزون هو مجموع مخزون الأنواع: {n}',
  // Admin product list
  lowStock: 'مخزون منخفض',
  lowStockTitle: 'مخزون منخفض: {n} أو أقل',
  lowStockThreshold: 'اعرض المخزون الذي يساوي أو يقل عن',
  lowStockEmpty: 'لا يوجد منتج مخزونه {n} أو أقل.',
  lowStockFailed: 'تعذّر تحميل قائمة المخزون المنخفض',
  stockTotal: 'مجموع مخزون أنواعه',
  // Admin category form
  sizeGuideIntro: 'جدول يفتحه المتسوقون من منتجات هذا القسم: عناوين الأعمدة، ثم صف لكل مقاس.',
  addSizeGuide: 'إضافة دليل مقاسات',
  removeSizeGuide: 'حذف دليل المقاسات',
  addRow: 'إضافة صف',
  addColumn: 'إضافة عمود',
  columnHeading: 'عنوان العمود {n}',
  columnHeadingAr: 'عنوان العمود {n} بالعربية',
  cellLabel: 'الصف {row}، {column}',
  removeRow: 'حذف الصف {n}',
  removeColumn: 'حذف العمود {n}',
  sizeGuideTable: 'جدول دليل المقاسات',
};
