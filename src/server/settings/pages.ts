import type { CouriersStatus } from '@/shared/schemas/delivery';
import type { PolicyPage } from '@/shared/constants';
import type { Language } from '@/shared/language';
import { inLanguage } from '@/shared/localized';
import { dictionaryIn } from '../plugins/language';
import { type FullSettings, type PolicyPageDto, type PublicSettings } from '@/shared/schemas/settings';
import { whatsappDigits } from '@/shared/whatsapp';
import { imageDto } from '../images/urls';
import type { PageSettings } from '../plugins/web-app';
import type { ObjectStore } from '../storage/types';
import { markdownToSafeHtml, plainTextOf } from './markdown';
import type { SettingsRecord, SettingsStore } from './store';

/** What every visitor may read of the settings (`GET /api/settings`). */
export function publicSettingsOf(store: ObjectStore, record: SettingsRecord): PublicSettings {
  const {
    policies: _policies,
    confirmation: _confirmation,
    whatsappMessages: _whatsappMessages,
    prepay: _prepay,
    ...shown
  } = record.settings;
  return {
    ...shown,
    logo: record.logo ? imageDto(store, record.logo) : null,
    heroImage: record.heroImage
      ? {
          ...imageDto(store, record.heroImage),
          width: record.heroImage.width,
          height: record.heroImage.height,
        }
      : null,
    whatsappDigits: record.settings.whatsapp ? whatsappDigits(record.settings.whatsapp) : null,
  };
}

/**
 * What the server writes into every page for the app to read at start (plugins/web-app.ts): the name,
 * the wallet, the WhatsApp digits and the public settings. Read per page, so a change shows on the next page load.
 */
export function pageSettingsOf(store: ObjectStore, record: SettingsRecord): PageSettings {
  const { settings } = record;
  return {
    publicSettings: publicSettingsOf(store, record),
    shopName: settings.shopName.en,
    shopNameAr: settings.shopName.ar,
    walletNumber: settings.walletNumber,
    whatsappNumber: (settings.whatsapp && whatsappDigits(settings.whatsapp)) || undefined,
  };
}

/** The services the shop is connected to, as the admin's Settings show them (never their secrets). */
export interface Connections {
  couriers: CouriersStatus;
  whatsappBusiness: FullSettings['whatsappBusiness'];
}

/** The admin's view: everything, the pages' Markdown and the owner's rules too. */
export function fullSettingsOf(
  store: ObjectStore,
  { couriers, whatsappBusiness }: Connections,
  record: SettingsRecord,
): FullSettings {
  const { policies, confirmation, whatsappMessages, prepay } = record.settings;
  return {
    ...publicSettingsOf(store, record),
    policies,
    confirmation,
    whatsappMessages,
    prepay,
    couriers,
    whatsappBusiness,
  };
}

/** Rendered pages of the settings last seen: Markdown is rendered once per change, not per visit. */
const rendered = new WeakMap<SettingsRecord, Map<string, PolicyPageDto>>();

/**
 * A policy page in `language` as the settings say now: its title, a description for search engines
 * and shared links, and its sanitised HTML. The server's first HTML of /pages/* can use it (seo) as
 * well as `GET /api/pages/{page}`.
 */
export async function policyPageOf(
  settings: SettingsStore,
  page: PolicyPage,
  language: Language,
): Promise<PolicyPageDto> {
  const record = await settings.current();
  let pages = rendered.get(record);
  if (!pages) rendered.set(record, (pages = new Map()));
  const key = `${page}:${language}`;
  const known = pages.get(key);
  if (known) return known;
  const source = inLanguage(record.settings.policies[page], language);
  const dto: PolicyPageDto = {
    page,
    language,
    title: dictionaryIn(language).layout.policyPages[page],
    description: plainTextOf(source),
    html: markdownToSafeHtml(source),
  };
  pages.set(key, dto);
  return dto;
}
