import { auth } from './auth';
import { cart } from './cart';
import { catalog } from './catalog';
import { confirmation } from './confirmation';
import { delivery } from './delivery';
import { errors } from './errors';
import { layout } from './layout';
import { orders } from './orders';
import { variants } from './variants';

/**
 * The Arabic sections a shopper's pages read: all an Arabic page downloads with its first load
 * (src/web/i18n/arabic-dictionary.ts). The admin's own sections are in ./admin-screens.ts.
 */
export const storefrontAr = {
  layout,
  auth,
  catalog,
  cart,
  orders,
  errors,
  variants,
  delivery,
  confirmation,
} as const;
