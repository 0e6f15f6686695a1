import { deliveryZonesOf } from '@/shared/delivery';
import type { FullSettings } from '@/shared/schemas/settings';

/** The settings answer of a shop as Settings first shows it, with `overrides` over it (for component tests). */
export function sampleSettings(overrides: Partial<FullSettings> = {}): FullSettings {
  const page = { en: '# Page', ar: '# صفحة' };
  return {
    shopName: { en: 'Nour', ar: 'نور' },
    phone: '',
    email: 'hello@nour.example',
    whatsapp: '',
    whatsappDigits: null,
    social: { facebook: '', instagram: '', tiktok: '' },
    walletNumber: '01012345678',
    shippingFees: { Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 },
    deliveryZones: deliveryZonesOf({ Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 }),
    announcement: { en: '', ar: '' },
    policies: { shipping: page, returns: page, privacy: page, contact: page },
    home: {
      heroTitle: { en: '', ar: '' },
      heroText: { en: '', ar: '' },
      heroLink: '',
      sections: ['sale', 'newest', 'categories'],
    },
    logo: null,
    heroImage: null,
    couriers: { bosta: { configured: false, webhookUrl: 'https://nour.example/api/couriers/bosta/webhook' } },
    confirmation: { cashOrders: true, messageDelayHours: 0, noAnswerHours: 24 },
    whatsappMessages: {
      confirmationTemplate: 'order_confirmation',
      statusTemplate: 'order_status_update',
      shippedTemplate: 'order_shipped',
      sendStatusChanges: true,
      sendShipping: true,
    },
    prepay: { firstOrderOver: null, refusalsAtLeast: null },
    whatsappBusiness: { configured: false, webhookUrl: 'https://nour.example/api/whatsapp/webhook' },
    ...overrides,
  };
}
