import { layout } from '@/shared/messages/layout';

/** The storefront's top-level pages, shown in the bar on wide screens and in the mobile menu. */
export const mainLinks = [
  { to: '/', label: layout.home },
  { to: '/products', label: layout.products },
  { to: '/categories', label: layout.categories },
] as const;
