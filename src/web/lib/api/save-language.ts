import type { Language } from '@/shared/language';
import { api } from '@/web/lib/api';

/**
 * PATCH /api/auth/me with `{ language }`: keeps a signed-in shopper's language on their account,
 * so signing in elsewhere shows the shop in it (the sign-in answer carries it back as `language`).
 */
export function saveAccountLanguage(language: Language): Promise<unknown> {
  return api.patch('/auth/me', { body: { language } });
}
