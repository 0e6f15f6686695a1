import { LANGUAGE_AUTONYMS, type Language } from '@/shared/language';
import { language } from '@/web/i18n/language';
import { useSession } from '@/web/session/session';

const otherLanguage: Language = language === 'ar' ? 'en' : 'ar';

/** What a switch does, loaded on the press: the first screen carries only the button. */
async function switchTo(chosen: Language, signedIn: boolean): Promise<void> {
  const [{ switchLanguage }, { saveAccountLanguage }] = await Promise.all([
    import('@/web/i18n/language-choice'),
    import('@/web/lib/api/save-language'),
  ]);
  await switchLanguage(chosen, signedIn ? saveAccountLanguage : undefined);
}

/**
 * The switch to the shop's other language: 'العربية' on English pages, 'English' on Arabic ones, each
 * named in itself (with its `lang`, so a screen reader says it right). It remembers the choice, keeps
 * it on a signed-in shopper's account, and loads the page again in that language.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { isSignedIn } = useSession();
  return (
    <button
      type="button"
      lang={otherLanguage}
      onClick={() => void switchTo(otherLanguage, isSignedIn)}
      className={`inline-flex h-11 shrink-0 items-center rounded-pill px-2 sm:px-3 text-sm text-ink-soft transition hover:bg-sand hover:text-ink ${className}`}
    >
      {LANGUAGE_AUTONYMS[otherLanguage]}
    </button>
  );
}
