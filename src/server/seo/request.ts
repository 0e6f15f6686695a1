import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type Language,
} from '@/shared/language';

/**
 * The language of a page's first HTML: `?lang=` when the address names one, else the visitor's
 * remembered choice (the `nour_lang` cookie), else English. Never Accept-Language: a crawler's page for
 * an address must not change with its headers, and each language has an address of its own.
 */
export function pageLanguage(search: URLSearchParams, cookieHeader: string | undefined): Language {
  const asked = search.get(LANGUAGE_PARAM);
  if (isLanguage(asked)) return asked;
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The shop's absolute origin: PUBLIC_URL when set (what links shared outside must carry), else the
 * origin this request reached (its Host, and X-Forwarded-* with TRUST_PROXY).
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
