import type { cart as english } from '../cart';
import type { Dictionary } from '../dictionary';

export const cart: Dictionary<typeof english> = {
  shoppingCart: 'سلة التسوق',
  product: 'المنتج',
  price: 'السعر',
  quantity: 'الكمية',
  total: 'الإجمالي',
  actions: 'الإجراءات',
  subtotal: 'المجموع الفرعي: {n} ج.م.',
  continueShopping: 'متابعة التسوق',
  proceedToCheckout: 'إتمام الشراء',
  cartEmpty: 'سلة التسوق فارغة',
  cartEmptyText: 'يبدو أنك لم تُضف أي منتجات إلى سلتك بعد.',
  startShopping: 'ابدأ التسوق',
  clearCart: 'إفراغ السلة',
  decreaseQuantity: 'تقليل كمية {name}',
  increaseQuantity: 'زيادة كمية {name}',
  removeItem: 'إزالة {name} من السلة',
  loadingCart: 'جارٍ تحميل سلتك...',
  itemsInCart:
    '{n, plural, zero {لا توجد قطع في سلتك} one {قطعة واحدة في سلتك} two {قطعتان في سلتك} few {# قطع في سلتك} many {# قطعة في سلتك} other {# قطعة في سلتك}}',
  // Toasts (SPEC §8)
  loginToAdd: 'يُرجى تسجيل الدخول لتتمكن من إضافة هذا المنتج إلى السلة',
  adminsNotAllowed: 'لا يمكن للمشرفين إضافة منتجات إلى السلة',
  cartCleared: 'تم إفراغ السلة بنجاح',
  failedToClear: 'تعذّر إفراغ السلة',
  failedToUpdateQuantity: 'تعذّر تحديث الكمية',
  failedToDeleteProduct: 'تعذّر حذف المنتج',
  failedToAdd: 'تعذّرت إضافة المنتج إلى السلة',
  productUpdated: 'تم تحديث المنتج بنجاح',
  productDeleted: 'تم حذف المنتج بنجاح',
  invalidProductId: 'معرّف المنتج غير صالح',
  productNotInCart: 'المنتج غير موجود في السلة',
  // Server answers
  productAdded: 'تمت إضافة المنتج إلى السلة بنجاح',
  quantityUpdated: 'تم تحديث المنتج بنجاح',
  productRemoved: 'تم حذف المنتج بنجاح',
  cartCreated: 'سلة التسوق جاهزة',
  onlyNAvailable:
    '{n, plural, zero {لم تعد هناك قطع متوفرة من {name}} one {المتوفر من {name} قطعة واحدة فقط} two {المتوفر من {name} قطعتان فقط} few {المتوفر من {name} # قطع فقط} many {المتوفر من {name} # قطعة فقط} other {المتوفر من {name} # قطعة فقط}}',
  productOutOfStock: '{name} غير متوفر حاليًا',
  quantityRule: 'يجب أن تكون الكمية عددًا صحيحًا لا يقل عن 1',
  productNotFound: 'المنتج غير موجود',
  cartNotAvailableForAdmins: 'سلة التسوق غير متاحة للمشرفين',
  // Sizes and colours
  chooseOption: 'يُرجى اختيار {option}',
  invalidVariantId: 'معرّف النوع غير صالح',
  variantNotOfProduct: 'هذا الاختيار ليس من اختيارات {name}',
  variantName: '{name} ({values})',
};
