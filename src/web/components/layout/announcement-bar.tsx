import { inLanguage } from '@/shared/localized';
import { layout } from '@/web/i18n/first-screen';
import { language } from '@/web/i18n/language';
import { useShopSettings } from '@/web/lib/api/get-settings';

/** The owner's announcement ('Free delivery over 1,500 EGP') above every shop page; nothing when unset. */
export function AnnouncementBar() {
  const settings = useShopSettings();
  const text = settings ? inLanguage(settings.announcement, language) : '';
  if (!text) return null;
  return (
    <aside
      aria-label={layout.announcementLabel}
      className="bg-ink px-4 py-2 text-center text-xs tracking-wide text-canvas sm:text-sm"
    >
      {text}
    </aside>
  );
}
