/*
 * The shop's texts in Arabic: Modern Standard Arabic as Egyptian shops write it, with the English
 * dictionary's keys and nesting (each section is typed against its English twin).
 *
 * Glossary: one word per thing, everywhere.
 *   product منتج (منتجات) · item, a unit of a product قطعة (قطع) · order طلب (طلبات) · cart سلة التسوق,
 *   «السلة» inside a phrase (أضف إلى السلة) · category قسم (أقسام) · collection تشكيلة · favourites المفضلة
 *   stock المخزون · in stock متوفر · out of stock غير متوفر · sold out نفدت الكمية · discount خصم ·
 *   sale التخفيضات · price السعر · final price السعر النهائي · subtotal المجموع الفرعي · total الإجمالي
 *   shipping الشحن · shipping fee رسوم الشحن · delivery التوصيل · checkout إتمام الشراء ·
 *   place order إتمام الطلب · payment الدفع · cash on delivery الدفع عند الاستلام · InstaPay إنستاباي ·
 *   online أونلاين · payment proof إثبات الدفع · mobile wallet المحفظة الإلكترونية · phone رقم الموبايل
 *   account الحساب · log in تسجيل الدخول · log out تسجيل الخروج · register إنشاء حساب ·
 *   email البريد الإلكتروني · password كلمة المرور · admin (role) المشرف · dashboard لوحة التحكم
 *   filter فلتر (الفلاتر) · rating تقييم · image صورة · upload رفع · download تنزيل · id المعرّف
 *   order statuses: pending قيد الانتظار · confirmed تم التأكيد · delivered تم التوصيل · cancelled ملغي
 *   currency ج.م. after the amount; 'failed to …' تعذّر …; '… successfully' تم … بنجاح; please يُرجى
 *   An HTTP request is never «طلب» (that is an order): the texts say «محاولة» or «البيانات المُرسلة».
 *
 * Counts: a text that carries a count is one ICU plural with Arabic's six forms (zero, one, two, few,
 * many, other), e.g. catalog.productCount. API values and names (cash, pending, category, minPrice,
 * Idempotency-Key, multipart/form-data, SMTP_URL) stay Latin inside the Arabic, as the API spells them.
 */
import { adminScreensAr } from './admin-screens';
import { storefrontAr } from './storefront';

/** Every Arabic text but the e-mails', as the server says them: the storefront's and the admin's screens'. */
export const messagesAr = { ...storefrontAr, ...adminScreensAr } as const;
// The e-mails stay outside messagesAr, as on the English side: only the server reads them.
export { mail as mailAr } from './mail';
