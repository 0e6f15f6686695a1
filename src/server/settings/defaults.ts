import { HOME_SECTIONS } from '@/shared/shell-constants';
import { SHIPPING_FEES } from '@/shared/constants';
import { deliveryZonesOf } from '@/shared/delivery';
import type { ShopSettings } from '@/shared/schemas/settings';
import type { Config } from '../config';

/**
 * The policy pages a new shop starts with, for the owner to rewrite: plain promises that hold for any
 * shop selling this way (fees by zone, cash on delivery or InstaPay), in both languages.
 */
const POLICIES: ShopSettings['policies'] = {
  shipping: {
    en: [
      '# Shipping',
      '',
      'We deliver across Egypt. The delivery fee depends on where you live: Cairo, Giza, or outside Cairo and Giza. You see it on every product page and at checkout before you place your order.',
      '',
      '- Orders are prepared within 1 to 2 working days.',
      '- Delivery takes 2 to 5 working days after that.',
      '- We call you before the courier comes.',
    ].join('\n'),
    ar: [
      '# الشحن',
      '',
      'نوصّل إلى كل محافظات مصر. تختلف رسوم الشحن حسب منطقتك: القاهرة أو الجيزة أو خارج القاهرة والجيزة، وتظهر في صفحة كل منتج وعند إتمام الشراء قبل تأكيد طلبك.',
      '',
      '- نجهّز الطلبات خلال يوم إلى يومي عمل.',
      '- يستغرق التوصيل بعدها من 2 إلى 5 أيام عمل.',
      '- نتصل بك قبل وصول المندوب.',
    ].join('\n'),
  },
  returns: {
    en: [
      '# Returns and exchanges',
      '',
      'You may return or exchange an item within **14 days** of delivery, unworn, unwashed and with its tags.',
      '',
      '- Contact us with your order number to start a return.',
      '- The refund is sent to your mobile wallet within 7 days of receiving the item.',
      '- Delivery fees are not refunded, except for a faulty or wrong item.',
    ].join('\n'),
    ar: [
      '# الاسترجاع والاستبدال',
      '',
      'يمكنك استرجاع أو استبدال أي قطعة خلال **14 يومًا** من استلامها، بشرط ألا تكون مستعملة أو مغسولة وأن تكون بملصقاتها.',
      '',
      '- تواصل معنا برقم طلبك لبدء الاسترجاع.',
      '- نرسل المبلغ إلى محفظتك الإلكترونية خلال 7 أيام من استلام القطعة.',
      '- لا تُرد رسوم الشحن إلا إذا كانت القطعة معيبة أو غير المطلوبة.',
    ].join('\n'),
  },
  privacy: {
    en: [
      '# Privacy',
      '',
      'We keep your name, phone, e-mail and address only to deliver your orders and tell you about them. We never sell them or share them with anyone but the courier who brings your order.',
    ].join('\n'),
    ar: [
      '# الخصوصية',
      '',
      'نحتفظ باسمك ورقم موبايلك وبريدك الإلكتروني وعنوانك فقط لتوصيل طلباتك وإبلاغك بحالتها. لا نبيعها أبدًا ولا نشاركها مع أحد سوى مندوب التوصيل.',
    ].join('\n'),
  },
  contact: {
    en: [
      '# Contact us',
      '',
      'Questions about an order or a size? Write to us or call us: we answer every day.',
    ].join('\n'),
    ar: ['# اتصل بنا', '', 'لديك سؤال عن طلب أو مقاس؟ راسلنا أو اتصل بنا: نرد يوميًا.'].join('\n'),
  },
};

/**
 * The settings a shop starts with: the environment's values of before issue 16 (the shop's name, its
 * wallet, WhatsApp and e-mail), DESIGN §3's fees, and the pages above. Written once into an empty
 * database; from then on the owner's Settings decide.
 */
export function defaultSettings(
  config: Pick<Config, 'SHOP_NAME' | 'SHOP_WALLET_NUMBER' | 'SHOP_WHATSAPP' | 'SHOP_EMAIL'>,
): ShopSettings {
  return {
    shopName: { en: config.SHOP_NAME, ar: '' },
    phone: '',
    email: config.SHOP_EMAIL ?? '',
    // The configuration keeps only the digits of wa.me; with its + they read as the number they are.
    whatsapp: config.SHOP_WHATSAPP ? `+${config.SHOP_WHATSAPP}` : '',
    social: { facebook: '', instagram: '', tiktok: '' },
    walletNumber: config.SHOP_WALLET_NUMBER,
    shippingFees: { ...SHIPPING_FEES },
    deliveryZones: deliveryZonesOf(SHIPPING_FEES),
    announcement: { en: '', ar: '' },
    policies: POLICIES,
    home: {
      heroTitle: { en: '', ar: '' },
      heroText: { en: '', ar: '' },
      heroLink: '',
      sections: [...HOME_SECTIONS],
    },
    // Issue 37: cash orders are confirmed before they ship; WhatsApp asks at once when it is set up.
    confirmation: { cashOrders: true, messageDelayHours: 0, noAnswerHours: 24 },
    whatsappMessages: {
      confirmationTemplate: 'order_confirmation',
      statusTemplate: 'order_status_update',
      shippedTemplate: 'order_shipped',
      sendStatusChanges: true,
      sendShipping: true,
    },
    prepay: { firstOrderOver: null, refusalsAtLeast: null },
  };
}
