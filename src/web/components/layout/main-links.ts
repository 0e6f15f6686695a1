import { layout } from '@/web/i18n/first-screen';
import { href } from '@/web/paths';

/** The storefront's top-level pages, shown in the bar on wide screens and in the mobile menu. */
export const mainLinks = [
  { to: href.home(), label: layout.home },
  { to: href.products(), label: layout.products },
  { to: href.categories(), label: layout.categories },
] as const;
