import { z } from 'zod';
import {
  CITIES,
  EMAIL_MAX_LENGTH,
  MAX_PRICE_EGP,
  POLICY_MARKDOWN_MAX,
  POLICY_PAGES,
  type City,
} from '../constants';
import { GOVERNORATE_CODES } from '../governorates';
import { CouriersStatusSchema } from './delivery';
import { LANGUAGES } from '../language';
import { messages } from '../messages';
import { HOME_SECTIONS } from '../shell-constants';
import { whatsappDigits } from '../whatsapp';
import { ImageSchema } from './product';
import { text } from './common';
import { ruleText } from '../translate';

const m = messages.settings;

/**
 * A text the shopper reads, in each of the shop's languages (src/shared/language.ts): `en` and `ar`.
 * An empty Arabic text falls back to the English one where it is shown (src/shared/localized.ts).
 */
function localized(field: string, max: number, english: z.ZodType<string> = text(`${field}.en`, { max })) {
  return z.object({ en: english, ar: text(`${field}.ar`, { max }) });
}
/** Empty, or what `rule` accepts: every optional contact field may be left blank to hide it. */
function blankOr(schema: z.ZodType<string>) {
  return z.union([z.literal(''), schema]);
}

const socialLink = (field: string) =>
  blankOr(
    text(field, { max: 300 }).pipe(
      z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: m.urlRule }),
    ),
  );

const shippingFee = z
  .number({ error: m.feeRule })
  .min(0, m.feeRule)
  .max(MAX_PRICE_EGP, m.feeRule)
  .refine((fee) => Math.abs(fee * 100 - Math.round(fee * 100)) < 1e-6, m.feeRule);

export const ShippingFeesSchema = z.object(
  Object.fromEntries(CITIES.map((city) => [city, shippingFee])) as Record<City, typeof shippingFee>,
);

const egpAmount = shippingFee;

/**
 * A delivery zone (issue 36): governorates the shop delivers to at one fee. A subtotal at or over
 * `freeOver` ships free (null: never free); `cashOnDelivery` false refuses cash there; a cash order adds
 * `cashOnDeliveryFee` (0: none); the estimate is shown on the product page, the cart and checkout.
 * `id` is the zone's own, kept by the orders placed in it while the owner renames it.
 */
export const DeliveryZoneSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, m.zoneIdRule),
  name: localized(
    'deliveryZones.name',
    60,
    text('deliveryZones.name.en', { max: 60 }).min(1, m.zoneNameRule),
  ),
  governorates: z
    .array(z.enum(GOVERNORATE_CODES, { error: m.unknownGovernorate }))
    .min(1, m.zoneGovernoratesRule),
  fee: egpAmount,
  freeOver: egpAmount.nullable(),
  cashOnDelivery: z.boolean(),
  cashOnDeliveryFee: egpAmount,
  estimateDays: z
    .object({
      min: z.number().int(m.zoneEstimateRule).min(0, m.zoneEstimateRule).max(60, m.zoneEstimateRule),
      max: z.number().int(m.zoneEstimateRule).min(0, m.zoneEstimateRule).max(60, m.zoneEstimateRule),
    })
    .refine((days) => days.min <= days.max, m.zoneEstimateRule),
});
export type DeliveryZone = z.infer<typeof DeliveryZoneSchema>;

/** The shop's zones: at least one, ids unique, and each governorate in one zone at most (none: not delivered to). */
export const DeliveryZonesSchema = z
  .array(DeliveryZoneSchema)
  .min(1, m.zonesRequired)
  .max(27, m.zonesRequired)
  .refine((zones) => new Set(zones.map((zone) => zone.id)).size === zones.length, m.zoneIdRule)
  .refine((zones) => {
    const codes = zones.flatMap((zone) => zone.governorates);
    return new Set(codes).size === codes.length;
  }, m.governorateInTwoZones);

export const PoliciesSchema = z.object(
  Object.fromEntries(
    POLICY_PAGES.map((page) => [page, localized(`policies.${page}`, POLICY_MARKDOWN_MAX)]),
  ) as Record<(typeof POLICY_PAGES)[number], ReturnType<typeof localized>>,
);

/**
 * The home page's opening and order (issue 35): the hero's headline and text in each language (empty:
 * the shop's own words), where its button leads (a page of the shop, `/…`, or an https link; empty:
 * down to the products), and the order of the sections below it, each once.
 */
export const HomeSettingsSchema = z.object({
  heroTitle: localized('home.heroTitle', 80),
  heroText: localized('home.heroText', 200),
  heroLink: blankOr(
    text('home.heroLink', { max: 300 }).refine(
      (value) => /^\/(?![/\\])\S*$/.test(value) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value),
      m.heroLinkRule,
    ),
  ),
  sections: z
    .array(z.enum(HOME_SECTIONS, { error: m.homeSectionsRule }), { error: m.homeSectionsRule })
    .length(HOME_SECTIONS.length, m.homeSectionsRule)
    .refine((sections) => new Set(sections).size === sections.length, m.homeSectionsRule),
});

const wholeHours = (max: number, min = 0) =>
  z
    .number({ error: ruleText(m.hoursRule, { min, max }) })
    .int(ruleText(m.hoursRule, { min, max }))
    .min(min, ruleText(m.hoursRule, { min, max }))
    .max(max, ruleText(m.hoursRule, { min, max }));

/** A template's name as WhatsApp Manager names it: lower-case letters, digits and underscores. */
const templateName = text('whatsapp.template', { max: 512 }).regex(/^[a-z0-9_]{1,512}$/, m.templateNameRule);

/**
 * Confirming cash orders before they ship (issue 37): whether a cash order awaits the customer's word;
 * how long after it is placed the shop's WhatsApp message asks for it (when WhatsApp Business is
 * configured); and how long, from then, an unanswered order waits before it is cancelled.
 */
export const ConfirmationSettingsSchema = z.object({
  cashOrders: z.boolean({ error: m.switchRule }),
  messageDelayHours: wholeHours(48),
  noAnswerHours: wholeHours(168, 1),
});

/**
 * The shop's WhatsApp Business messages (issue 37): the approved templates' names, in English and
 * Arabic alike (each template is approved in both languages), and whether status changes and shipping
 * are told on WhatsApp too.
 */
export const WhatsAppSettingsSchema = z.object({
  confirmationTemplate: templateName,
  statusTemplate: templateName,
  shippedTemplate: templateName,
  sendStatusChanges: z.boolean({ error: m.switchRule }),
  sendShipping: z.boolean({ error: m.switchRule }),
});

/**
 * Who pays first (issue 37): a first order from a number over `firstOrderOver` EGP, and a number with
 * `refusalsAtLeast` refused parcels or more, cannot pay cash on delivery. Null turns a rule off.
 */
export const PrepaySettingsSchema = z.object({
  firstOrderOver: egpAmount.nullable(),
  refusalsAtLeast: z
    .number({ error: m.refusalsRule })
    .int(m.refusalsRule)
    .min(1, m.refusalsRule)
    .max(20, m.refusalsRule)
    .nullable(),
});

/**
 * Everything the owner sets in the admin's Settings (issue 16), but the logo and the hero picture (uploads of their own):
 * as stored, as `PATCH /api/settings` takes it and as the admin reads it back.
 */
export const ShopSettingsSchema = z.object({
  shopName: localized('shopName', 60, text('shopName.en', { max: 60 }).min(1, m.shopNameRequired)),
  phone: blankOr(
    text('phone', { max: 20 })
      .regex(/^\+?[\d\s-]{7,20}$/, m.phoneRule)
      .refine((value) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= 7 && digits <= 15;
      }, m.phoneRule),
  ),
  email: blankOr(text('email', { max: EMAIL_MAX_LENGTH }).pipe(z.email(m.emailRule))),
  /** As the owner wrote it; the links use its digits (`whatsappDigits`). */
  whatsapp: blankOr(
    text('whatsapp', { max: 25 }).refine((value) => whatsappDigits(value) !== null, m.whatsappRule),
  ),
  social: z.object({
    facebook: socialLink('social.facebook'),
    instagram: socialLink('social.instagram'),
    tiktok: socialLink('social.tiktok'),
  }),
  walletNumber: text('walletNumber', { max: 13, error: m.walletRule }).regex(
    /^(\+2)?01[0125]\d{8}$/,
    m.walletRule,
  ),
  shippingFees: ShippingFeesSchema,
  deliveryZones: DeliveryZonesSchema,
  announcement: localized('announcement', 200),
  policies: PoliciesSchema,
  home: HomeSettingsSchema,
  confirmation: ConfirmationSettingsSchema,
  whatsappMessages: WhatsAppSettingsSchema,
  prepay: PrepaySettingsSchema,
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

/**
 * `PATCH /api/settings`: any of the fields, and of a group (social links, fees, a text's languages, a
 * policy page) any of its parts; what is left out keeps its value.
 */
export const ShopSettingsPatchSchema = z
  .object({
    shopName: ShopSettingsSchema.shape.shopName.partial(),
    phone: ShopSettingsSchema.shape.phone,
    email: ShopSettingsSchema.shape.email,
    whatsapp: ShopSettingsSchema.shape.whatsapp,
    social: ShopSettingsSchema.shape.social.partial(),
    walletNumber: ShopSettingsSchema.shape.walletNumber,
    shippingFees: ShippingFeesSchema.partial(),
    /** The whole list: the zones sent replace the shop's. */
    deliveryZones: DeliveryZonesSchema,
    announcement: ShopSettingsSchema.shape.announcement.partial(),
    policies: z
      .object({
        shipping: PoliciesSchema.shape.shipping.partial(),
        returns: PoliciesSchema.shape.returns.partial(),
        privacy: PoliciesSchema.shape.privacy.partial(),
        contact: PoliciesSchema.shape.contact.partial(),
      })
      .partial(),
    home: z
      .object({
        heroTitle: HomeSettingsSchema.shape.heroTitle.partial(),
        heroText: HomeSettingsSchema.shape.heroText.partial(),
        heroLink: HomeSettingsSchema.shape.heroLink,
        sections: HomeSettingsSchema.shape.sections,
      })
      .partial(),
    confirmation: ConfirmationSettingsSchema.partial(),
    whatsappMessages: WhatsAppSettingsSchema.partial(),
    prepay: PrepaySettingsSchema.partial(),
  })
  .partial()
  .strict();
export type ShopSettingsPatch = z.input<typeof ShopSettingsPatchSchema>;

/**
 * The home page's hero picture (issue 35) as the API answers it: its sizes, and its displayed width and
 * height, so the page keeps its box before it loads.
 */
export const HeroImageSchema = ImageSchema.extend({
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type HeroImageDto = z.infer<typeof HeroImageSchema>;

/** What every visitor may read (`GET /api/settings`): all but the policies' Markdown, which their pages answer. */
export const PublicSettingsSchema = ShopSettingsSchema.omit({
  policies: true,
  // The owner's rules for confirming and prepaying (issue 37) are the admin's to read.
  confirmation: true,
  whatsappMessages: true,
  prepay: true,
}).extend({
  logo: ImageSchema.nullable(),
  /** The picture the owner chose for the home page's opening (issue 35); null: its newest pieces. */
  heroImage: HeroImageSchema.nullable(),
  /** The digits of the shop's wa.me links, or null when there is no WhatsApp number. */
  whatsappDigits: z.string().nullable(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const PublicSettingsAnswerSchema = z.object({
  success: z.literal(true),
  settings: PublicSettingsSchema,
});
export type PublicSettingsAnswer = z.infer<typeof PublicSettingsAnswerSchema>;

/** The admin's whole view (`GET /api/settings/full`, and `PATCH`'s answer): the Markdown too. */
export const FullSettingsSchema = PublicSettingsSchema.extend({
  policies: PoliciesSchema,
  confirmation: ConfirmationSettingsSchema,
  whatsappMessages: WhatsAppSettingsSchema,
  prepay: PrepaySettingsSchema,
  /** Whether WhatsApp Business is configured (issue 37), and the webhook address to give Meta. */
  whatsappBusiness: z.object({ configured: z.boolean(), webhookUrl: z.string() }),
  /** Whether each courier is connected, and its webhook address (issue 36); the owner's to read, never to write. */
  couriers: CouriersStatusSchema,
});
export type FullSettings = z.infer<typeof FullSettingsSchema>;
export const FullSettingsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: FullSettingsSchema,
});
export type FullSettingsAnswer = z.infer<typeof FullSettingsAnswerSchema>;

export const PolicyPageParamsSchema = z.object({ page: z.enum(POLICY_PAGES) });
export const PolicyPageQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

/** `GET /api/pages/{page}`: a policy page in one language, its Markdown rendered and sanitised on the server. */
export const PolicyPageSchema = z.object({
  page: z.enum(POLICY_PAGES),
  language: z.enum(LANGUAGES),
  title: z.string(),
  /** The page's first words as plain text, for a meta description. */
  description: z.string(),
  /** Safe HTML: made from the owner's Markdown with raw HTML refused, then sanitised. Empty when unwritten. */
  html: z.string(),
});
export type PolicyPageDto = z.infer<typeof PolicyPageSchema>;
export const PolicyPageAnswerSchema = z.object({ success: z.literal(true), page: PolicyPageSchema });
export type PolicyPageAnswer = z.infer<typeof PolicyPageAnswerSchema>;

/**
 * `POST /api/settings/policy-preview` (admin, issue 35): Markdown the owner is writing, rendered as the
 * shop renders its policy pages, before it is saved.
 */
export const PolicyPreviewSchema = z
  .object({ markdown: text('markdown', { max: POLICY_MARKDOWN_MAX }) })
  .strict();
export const PolicyPreviewAnswerSchema = z.object({
  success: z.literal(true),
  /** Safe HTML, exactly what `GET /api/pages/{page}` would answer for this Markdown. */
  html: z.string(),
});
export type PolicyPreviewAnswer = z.infer<typeof PolicyPreviewAnswerSchema>;
