import type { Dictionary } from '../dictionary';
import type { confirmation as english } from '../confirmation';

export const confirmation: Dictionary<typeof english> = {
  cashBlocked:
    'الدفع عند الاستلام غير متاح لرقم الموبايل هذا. من فضلك ادفع عبر إنستاباي، أو راسلنا على واتساب',
  cashBlockedChat:
    'الدفع عند الاستلام غير متاح لرقم الموبايل هذا. من فضلك ادفع عبر إنستاباي، أو راسلنا على واتساب: {link}',
  orderBlocked: 'لا يمكننا قبول طلبات من رقم الموبايل هذا. من فضلك راسلنا على واتساب',
  orderBlockedChat: 'لا يمكننا قبول طلبات من رقم الموبايل هذا. من فضلك راسلنا على واتساب: {link}',
  prepayFirstOrder:
    'الطلبات الأولى من رقم جديد التي تزيد على {amount} ج.م. تُدفع مقدمًا: من فضلك اختر إنستاباي',
  prepayRefusals: 'رُفض استلام طلبات من رقم الموبايل هذا من قبل، لذا نطلب الدفع مقدمًا: من فضلك اختر إنستاباي',
  notShippedBeforeConfirmed: 'الطلب {number} في انتظار تأكيد العميلة: أكّده قبل شحنه',
  changeOnlyWhileAwaiting: 'لا يمكن تعديل الطلب إلا وهو في انتظار تأكيد العميلة',
  contactOnlyWhileOpen: 'لا يمكن تسجيل تواصل إلا والطلب قيد الانتظار أو تم تأكيده',
  contactLogged: 'تم تسجيل التواصل',
  orderChanged: 'تم تعديل الطلب',
  addressChanged: 'تم تعديل العنوان',
  contactChannelRule: 'اختر وسيلة التواصل: phone أو whatsapp',
  confirmationFilterRule: 'قيمة confirmation يجب أن تكون toConfirm',
  contactOutcomeRule: 'اختر النتيجة: confirmed أو noAnswer أو askedToChange أو cancelled',
  whatsappNotConfigured: 'واتساب للأعمال غير مُعدّ لهذا المتجر',
  webhookVerifyRefused: 'رمز التحقق غير مطابق',
  webhookSignatureRefused: 'التوقيع لا يطابق البيانات المُرسلة',
  historyVariantChanged: '{name}: تغيّر من {from} إلى {to}',
  historyAddressChanged: 'تم تعديل العنوان: {address}',
  historyNoAnswer: 'لا رد خلال {hours} ساعة: تم الإلغاء',
  historyRepliedConfirm: 'أكّدته العميلة على واتساب',
  historyRepliedCancel: 'ألغته العميلة على واتساب',
  historyContact: 'تواصل ({channel}): {outcome}',
};
