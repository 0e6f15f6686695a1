import type { Dictionary } from '@/shared/messages/dictionary';
import type { messages } from '@/shared/messages';
import { createTranslator } from '@/shared/translate';
import { arabic } from './arabic';
import { language } from './language';

/**
 * Says an English text of the dictionary in the page's language: the shared schemas (the rules the
 * forms and the server share) speak English, and a form shows their messages through this. It reads the
 * page's Arabic dictionary as it stands, the admin's sections included once the admin's screens have
 * loaded them (src/web/admin/messages.ts).
 */
export const translator = createTranslator(language, arabic as Dictionary<typeof messages> | undefined);
