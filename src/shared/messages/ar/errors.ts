import type { Dictionary } from '../dictionary';
import type { errors as english } from '../errors';

export const errors: Dictionary<typeof english> = {
  notFound: 'غير موجود',
  routeNotFound: 'المسار {method} {url} غير موجود',
  badRequest: 'البيانات المُرسلة غير صالحة',
  badUrl: 'العنوان غير صالح: تحقّق من ترميز النسبة المئوية (percent-encoding) فيه',
  invalidField: '{field}: {rule}',
  nulCharacter: 'يجب ألا يحتوي {field} على الحرف NUL',
  textTooLong:
    'يجب ألا يزيد طول {field} على {max, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}',
  numberTooLarge: 'يجب ألا يزيد {field} على {max}',
  pageRule: 'يجب أن يكون page عددًا صحيحًا لا يقل عن 1',
  limitRule: 'يجب أن يكون limit عددًا صحيحًا من 1 إلى {max}',
  notNegative: 'يجب أن يكون {field} رقمًا لا يقل عن 0',
  oneOf: 'يجب أن تكون قيمة {field} واحدة من: {values}',
  invalidId: 'المعرّف غير صالح',
  variantIdRule: 'يجب أن يكون id معرّف أحد الخيارات المتاحة للمنتج',
  internal: 'حدث خطأ من جانبنا. يُرجى المحاولة مرة أخرى.',
  tooManyRequests: 'محاولات كثيرة جدًا. يُرجى التمهّل والمحاولة مرة أخرى بعد دقيقة.',
  payloadTooLarge: 'حجم الملف المرفوع كبير جدًا',
  unsupportedMediaType: 'نوع المحتوى غير مدعوم',
  databaseUnavailable: 'تعذّر الوصول إلى قاعدة البيانات',
  shopBusy: 'المتجر مشغول حاليًا، يُرجى المحاولة مرة أخرى بعد قليل.',
  fileLinkInvalid: 'هذا الرابط غير صالح أو انتهت صلاحيته',
  fileNotFound: 'الملف غير موجود',
};
