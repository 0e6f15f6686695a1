import type { Language } from '@/shared/language';
import { format } from '@/shared/messages';
import { seo } from '@/shared/messages/seo';
import { seo as seoAr } from '@/shared/messages/ar/seo';

/** The shop's policy pages, at /pages/{slug} (issue 16), in the order the sitemap lists them. */
export const POLICY_PAGE_SLUGS = ['shipping', 'returns', 'privacy', 'contact'] as const;
export type PolicyPageSlug = (typeof POLICY_PAGE_SLUGS)[number];

export function isPolicyPageSlug(value: string): value is PolicyPageSlug {
  return (POLICY_PAGE_SLUGS as readonly string[]).includes(value);
}

/** The SEO texts of a language. */
export function seoTexts(language: Language) {
  return language === 'ar' ? seoAr : seo;
}

/** A policy page's title and description for its head. */
export interface PolicyPageText {
  title: string;
  description: string;
}

/**
 * Where the policy pages' own texts come from (the settings the owner writes them in): the title and
 * a description for `slug` in `language`, or undefined to use the shop's standard ones below.
 */
export type PolicyPageTexts = (
  slug: PolicyPageSlug,
  language: Language,
) => Promise<PolicyPageText | undefined> | PolicyPageText | undefined;

const STANDARD = {
  shipping: ['shippingTitle', 'shippingDescription'],
  returns: ['returnsTitle', 'returnsDescription'],
  privacy: ['privacyTitle', 'privacyDescription'],
  contact: ['contactTitle', 'contactDescription'],
} as const satisfies Record<PolicyPageSlug, readonly [keyof typeof seo, keyof typeof seo]>;

/** The standard title and description of a policy page, in `language`. */
export function standardPolicyPageText(
  slug: PolicyPageSlug,
  language: Language,
  shop: string,
): PolicyPageText {
  const texts = seoTexts(language);
  const [title, description] = STANDARD[slug];
  return { title: texts[title], description: format(texts[description], { shop }, language) };
}
