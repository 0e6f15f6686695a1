import type { Dictionary } from '../dictionary';
import type { seo as english } from '../seo';

export const seo: Dictionary<typeof english> = {
  pageTitle: '{page} | {shop}',
  homeTitle: '{shop}: ملابس وإكسسوارات في مصر',
  homeDescription:
    '{shop}: ملابس وإكسسوارات لكل يوم في مصر. ادفع عند الاستلام أو عبر إنستاباي، والتوصيل لكل محافظات مصر.',
  productsTitle: 'كل المنتجات',
  productsDescription:
    'كل منتجات {shop}: أحدث الموديلات والتخفيضات والمقاسات والألوان المتوفرة، مع التوصيل لكل محافظات مصر.',
  searchTitle: 'نتائج البحث عن {search}',
  pageNumber: '{title}، صفحة {page}',
  categoriesTitle: 'الأقسام',
  categoriesDescription: 'تسوّق من {shop} حسب القسم: ملابس وإكسسوارات للسيدات والأطفال والمواليد.',
  categoryDescription: '{category} من {shop}: أحدث الموديلات والتخفيضات، مع التوصيل لكل محافظات مصر.',
  productDescription: '{price} – {description}',
  productDescriptionShort: '{name} بسعر {price} من {shop}.',
  productNotFound: 'المنتج غير موجود',
  categoryNotFound: 'القسم غير موجود',
  home: 'الرئيسية',
  shippingTitle: 'التوصيل والشحن',
  shippingDescription: 'أين يوصّل {shop}، وكم يستغرق التوصيل، وكم تبلغ رسوم الشحن.',
  returnsTitle: 'الاسترجاع والاستبدال',
  returnsDescription: 'كيف تسترجع أو تستبدل منتجًا اشتريته من {shop}.',
  privacyTitle: 'سياسة الخصوصية',
  privacyDescription: 'ما يحتفظ به {shop} من بياناتك، ولماذا، وكيف تطلب حذفها.',
  contactTitle: 'تواصل معنا',
  contactDescription: 'تواصل مع {shop} بالهاتف أو واتساب أو البريد الإلكتروني.',
  feedTitle: '{shop}: المنتجات',
  feedDescription: 'كل منتجات {shop} بأسعارها ومخزونها ومقاساتها وألوانها.',
};
