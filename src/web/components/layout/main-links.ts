import { messages } from '@/shared/messages';

/** The storefront's top-level pages, shown in the bar on wide screens and in the mobile menu. */
export const mainLinks = [
  { to: '/', label: messages.layout.home },
  { to: '/products', label: messages.layout.products },
  { to: '/categories', label: messages.layout.categories },
] as const;
