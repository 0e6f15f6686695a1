// The Arabic typeface (its Arabic subset only, font-display: swap) comes with the Arabic dictionary, so
// only Arabic pages load its style sheet; the server preloads both from the first HTML
// (src/server/plugins/page-language.ts), and the page uses the typeface once the browser holds it.
import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-600.css';
import './arabic-typeface.css';
import { warmTypefaceAfterLoad } from './typeface-warmup';

warmTypefaceAfterLoad();

// The storefront's sections only: the admin's screens load theirs with their own chunk (src/web/admin/messages.ts).
export { storefrontAr } from '@/shared/messages/ar/storefront';
