import regular from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2';
import semibold from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2';
import { TYPEFACE_COOKIE } from '@/shared/typeface';

/** As long as the files stay in the browser's cache (they are immutable, cached for a year). */
const TYPEFACE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The typeface's files, as the style sheet of ./arabic-dictionary.ts names them. */
const TYPEFACE_FILES = [regular, semibold];

/**
 * Fetches the Arabic typeface into the browser's cache, then sets the cookie that makes the server draw
 * the next Arabic pages in it (src/server/plugins/page-language.ts). A failure leaves the cookie unset:
 * the next page tries again.
 */
async function warmTypeface(): Promise<void> {
  const answers = await Promise.all(TYPEFACE_FILES.map((file) => fetch(file)));
  if (!answers.every((answer) => answer.ok)) return;
  await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  document.cookie = `${TYPEFACE_COOKIE}=1; Path=/; Max-Age=${TYPEFACE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/**
 * How long after the page's load event the typeface is fetched. The load event comes before the first
 * screen is drawn (the app draws it once its scripts have run, and its pictures load after that), so
 * the fetch waits a while more, to stay out of the way of the first screen's pictures on a slow phone.
 */
const WARMUP_DELAY_MS = 3000;

/**
 * On an Arabic page drawn in the system's face (a first visit), the typeface is fetched a while after
 * the page has loaded, so its ~90 kB never compete with the first screen's scripts, data and pictures.
 */
export function warmTypefaceAfterLoad(): void {
  if (document.documentElement.hasAttribute('data-typeface')) return;
  const warm = () => {
    window.setTimeout(() => void warmTypeface().catch(() => undefined), WARMUP_DELAY_MS);
  };
  if (document.readyState === 'complete') warm();
  else window.addEventListener('load', warm, { once: true });
}
