import type { Dictionary } from '../dictionary';
import type { mail as english } from '../mail';

export const mail: Dictionary<typeof english> = {
  greeting: 'مرحبًا {name}،',
  signOff: 'شكرًا لتسوقك من {shop}.',
  // Order placed, to the shopper
  orderPlacedSubject: 'طلبك رقم {number} من {shop}',
  orderPlacedIntro: 'شكرًا لطلبك. رقم طلبك هو {number}؛ احتفظ به للاستفسار عن طلبك.',
  orderLine: '{name} × {n}: {price}',
  subtotal: 'المجموع الفرعي: {amount}',
  shippingFee: 'رسوم الشحن: {amount}',
  grandTotal: 'الإجمالي: {amount}',
  deliverTo: 'التوصيل إلى: {name}، {address}، {phone}',
  paymentCash: 'طريقة الدفع: الدفع عند الاستلام.',
  paymentInstapay: 'طريقة الدفع: أونلاين (إنستاباي).',
  viewOrder: 'تابع طلبك من هنا: {url}',
  // New order, to the shop
  newOrderSubject: 'طلب جديد {number}: {amount}',
  newOrderIntro: 'قام {customer} ({email}) بإنشاء الطلب {number}.',
  newOrderPayment: 'طريقة الدفع: {method}',
  // Status changed, to the shopper
  statusChangedSubject: 'أصبحت حالة طلبك {number} من {shop}: {status}',
  statusChangedIntro: 'تغيّرت حالة طلبك رقم {number} إلى: {status}.',
  // Password reset
  resetSubject: 'إعادة تعيين كلمة المرور لحسابك في {shop}',
  resetIntro: 'طلب أحدهم، ونتمنى أن تكون أنت، إعادة تعيين كلمة المرور لحسابك في {shop}.',
  resetAction: 'اختر كلمة مرور جديدة من هنا (يعمل الرابط مرة واحدة، ولمدة ساعة): {url}',
  resetButton: 'اختر كلمة مرور جديدة',
  resetIgnore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',
  // Start-up
  smtpDelivery: 'البريد:    SMTP ({host})، المرسل {from}',
  fileDelivery: 'البريد:    لا يوجد SMTP_URL، لذا تُحفظ الرسائل كملفات .eml في {dir}',
  statusChangedNote: 'ملاحظة من المتجر: {note}',
  shippedSubject: 'طلبك {number} من {shop} في الطريق إليك',
  shippedIntro: 'خرج طلبك رقم {number} مع مندوب الشحن.',
  trackingNumber: 'رقم التتبع: {tracking}',
  trackOrder: 'تابع شحنتك: {url}',
  trackOrderLink: 'تابع شحنتك',
  shippedCash: 'من فضلك جهّز مبلغ {amount} للمندوب.',
};
