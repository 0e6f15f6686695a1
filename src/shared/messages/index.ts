import { admin } from './admin';
import { auth } from './auth';
import { cart } from './cart';
import { catalog } from './catalog';
import { errors } from './errors';
import { layout } from './layout';
import { mail } from './mail';
import { orders } from './orders';

export { format } from './format';

/**
 * Every text a user meets, in English. Arabic will sit beside it with the same keys, so nothing that a
 * person reads lives as a literal inside a component or a route (DESIGN §5).
 */
export const messages = { layout, auth, catalog, cart, orders, admin, errors, mail } as const;

export type Messages = typeof messages;
