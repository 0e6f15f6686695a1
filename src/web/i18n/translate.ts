import type { Dictionary } from '@/shared/messages/dictionary';
import type { messages } from '@/shared/messages';
import { createTranslator, phraseOfIssue } from '@/shared/translate';
import { arabic } from './arabic';
import { language } from './language';

/**
 * Says an English text of the dictionary in the page's language: the shared schemas (the rules the
 * forms and the server share) speak English, and a form shows their messages through this. It reads the
 * page's Arabic dictionary as it stands, the admin's sections included once the admin's screens have
 * loaded them (src/web/admin/messages.ts).
 */
export const translator = createTranslator(language, arabic as Dictionary<typeof messages> | undefined);

/**
 * A shared schema's first refusal (`safeParse`'s error) in the page's language: the phrase it carries
 * when its values came from the input (`phraseIssue`), else its text.
 */
export function refusalText(error: { issues: readonly { message: string; params?: unknown }[] }): string {
  const issue = error.issues[0];
  return issue ? translator.phrase(phraseOfIssue(issue)) : '';
}
