import type { Dictionary } from '../dictionary';
import type { errors as english } from '../errors';

export const errors: Dictionary<typeof english> = {
  notFound: 'غير موجود',
  routeNotFound: 'المسار {method} {url} غير موجود',
  badRequest: 'البيانات المُرسلة غير صالحة',
  badUrl: 'العنوان غير صالح: تحقّق من ترميز النسبة المئوية (percent-encoding) فيه',
  headersTooLarge: 'عنوان الطلب أو ترويساته أطول من اللازم',
  requestTimeout: 'استغرق وصول الطلب وقتًا أطول من اللازم. يُرجى المحاولة مرة أخرى.',
  invalidField: '{field}: {rule}',
  nulCharacter: 'يجب ألا يحتوي {field} على الحرف NUL',
  loneSurrogate: 'يجب ألا يحتوي {field} على نصف حرف (محرف بديل منفرد، من \\ud800 إلى \\udfff)',
  textTooLong:
    'يجب ألا يزيد طول {field} على {max, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}',
  numberTooLarge: 'يجب ألا يزيد {field} على {max}',
  pageRule: 'يجب أن يكون page عددًا صحيحًا لا يقل عن 1',
  limitRule: 'يجب أن يكون limit عددًا صحيحًا من 1 إلى {max}',
  notNegative: 'يجب أن يكون {field} رقمًا لا يقل عن 0',
  moneyFormat: 'يجب أن يكون {field} مبلغًا مكتوبًا بالأرقام بمنزلتين عشريتين على الأكثر، مثل 450 أو 450.50',
  oneOf: 'يجب أن تكون قيمة {field} واحدة من: {values}',
  invalidId: 'المعرّف غير صالح',
  variantIdRule: 'يجب أن يكون id معرّف أحد الخيارات المتاحة للمنتج',
  internal: 'حدث خطأ من جانبنا. يُرجى المحاولة مرة أخرى.',
  tooManyRequests: 'محاولات كثيرة جدًا. يُرجى التمهّل والمحاولة مرة أخرى بعد دقيقة.',
  payloadTooLarge: 'حجم الملف المرفوع كبير جدًا',
  unsupportedMediaType: 'نوع المحتوى غير مدعوم',
  emptyJsonBody: 'محتوى الطلب فارغ، مع أن نوعه المُعلَن application/json',
  invalidJsonBody: 'محتوى الطلب ليس JSON صالحًا، مع أن نوعه المُعلَن application/json',
  contentLengthMismatch: 'حجم محتوى الطلب لا يطابق قيمة Content-Length',
  inputWrongType:
    'قيمة غير صالحة: المتوقَّع {expected, select, string {نص} number {رقم} int {عدد صحيح} boolean {true أو false} array {قائمة} object {كائن} record {كائن} date {تاريخ} file {ملف} null {null} other {{expected}}}، والمُرسَل {received, select, string {نص} number {رقم} int {عدد صحيح} boolean {true أو false} array {قائمة} object {كائن} record {كائن} date {تاريخ} file {ملف} null {null} other {{received}}}',
  inputMissing:
    'قيمة مطلوبة لم تُرسَل: المتوقَّع {expected, select, string {نص} number {رقم} int {عدد صحيح} boolean {true أو false} array {قائمة} object {كائن} record {كائن} date {تاريخ} file {ملف} null {null} other {{expected}}}',
  inputTooBig:
    '{origin, select, string {النص أطول من المسموح} array {عدد العناصر أكبر من المسموح} set {عدد العناصر أكبر من المسموح} file {الملف أكبر من المسموح} other {القيمة أكبر من المسموح}}: الحد الأقصى {maximum}',
  inputTooSmall:
    '{origin, select, string {النص أقصر من المسموح} array {عدد العناصر أقل من المسموح} set {عدد العناصر أقل من المسموح} file {الملف أصغر من المسموح} other {القيمة أصغر من المسموح}}: الحد الأدنى {minimum}',
  inputNotAllowed: 'اختيار غير صالح: المتوقَّع واحد من {values}',
  inputUnknownKeys: 'حقول غير معروفة: {keys}',
  inputInvalid: 'قيمة غير صالحة',
  databaseUnavailable: 'تعذّر الوصول إلى قاعدة البيانات',
  shopBusy: 'المتجر مشغول حاليًا، يُرجى المحاولة مرة أخرى بعد قليل.',
  fileLinkInvalid: 'هذا الرابط غير صالح أو انتهت صلاحيته',
  backupLinkUsed: 'سبق استخدام رابط النسخة الاحتياطية هذا. اطلب رابطًا جديدًا بزر «تنزيل نسخة احتياطية».',
  fileNotFound: 'الملف غير موجود',
};
