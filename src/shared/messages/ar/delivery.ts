import type { Dictionary } from '../dictionary';
import type { delivery as english } from '../delivery';

export const delivery: Dictionary<typeof english> = {
  unknownGovernorate: 'من فضلك اختر محافظة من محافظات مصر',
  notDelivered: 'عذرًا، لا نوصّل إلى هذه المحافظة حتى الآن',
  cashNotAllowed: 'الدفع عند الاستلام غير متاح في هذه المحافظة: من فضلك ادفع عبر إنستاباي',
  governorate: 'المحافظة',
  chooseGovernorate: 'اختر محافظتك',
  searchGovernorate: 'اكتب للبحث',
  governorates: 'المحافظات',
  noGovernorateMatches: 'لا توجد محافظة بهذا الاسم',
  governorateRule: 'يُرجى اختيار المحافظة',
  deliveryFee: 'التوصيل',
  freeDelivery: 'توصيل مجاني',
  cashOnDeliveryFee: 'رسوم الدفع عند الاستلام',
  calculatingDelivery: 'جارٍ الحساب…',
  chooseGovernorateForFee: 'اختر محافظتك لمعرفة رسوم التوصيل والإجمالي.',
  quoteFailed: 'تعذّر حساب رسوم التوصيل الآن؛ يؤكدها المتجر مع طلبك.',
  estimate:
    '{max, plural, zero {التوصيل في اليوم نفسه} one {التوصيل خلال يوم واحد} two {التوصيل خلال يومين} few {التوصيل خلال {min}–# أيام} many {التوصيل خلال {min}–# يومًا} other {التوصيل خلال {min}–# يوم}}',
  notDeliverable: 'لا نوصّل إلى {governorate} حاليًا. يُرجى اختيار محافظة أخرى.',
  cashNotOffered: 'الدفع عند الاستلام غير متاح في {governorate}: يُرجى الدفع عبر إنستاباي.',
  freeDeliveryCash: 'التوصيل مجاني: ادفع ثمن طلبك نقدًا عند استلامه.',
  deliveryFrom: 'التوصيل يبدأ من {fee}',
  deliveryTo: 'التوصيل إلى {governorate}: {fee}',
  addForFreeDelivery: 'أضف منتجات بقيمة {amount} للحصول على توصيل مجاني',
  freeOver: 'مجاني للطلبات من {amount}',
  deliveryStates: {
    notShipped: 'لم يُشحن بعد',
    shipped: 'تم الشحن',
    delivered: 'تم التوصيل',
    refused: 'رُفض عند الاستلام',
    returned: 'أُعيد إلى المتجر',
  },
  trackingNumber: 'رقم التتبع',
  trackParcel: 'تتبّع الشحنة {number} (يفتح في نافذة جديدة)',
};
