import { admin } from './admin';
import { adminVariants } from './admin-variants';
import { auth } from './auth';
import { cart } from './cart';
import { catalog } from './catalog';
import { confirmation } from './confirmation';
import { customers } from './customers';
import { delivery } from './delivery';
import { errors } from './errors';
import { layout } from './layout';
import { orders } from './orders';
import { settings } from './settings';
import { shipping } from './shipping';
import { variants } from './variants';

export { format } from './format';

/**
 * Every text a user meets, in English. Arabic will sit beside it with the same keys, so nothing that a
 * person reads lives as a literal inside a component or a route (DESIGN §5).
 */
export const messages = {
  layout,
  auth,
  catalog,
  cart,
  orders,
  admin,
  errors,
  variants,
  adminVariants,
  settings,
  delivery,
  shipping,
  confirmation,
  customers,
} as const;
// The e-mails' texts (./mail.ts) are the server's alone: outside this object, the web app's first
// download does not carry them.
