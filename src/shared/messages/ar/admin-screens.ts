import { admin } from './admin';
import { customers } from './customers';
import { adminVariants } from './admin-variants';
import { settings } from './settings';
import { shipping } from './shipping';

/**
 * The Arabic sections only the admin's screens read (and the server): they load with the admin's lazy
 * chunk (src/web/admin/texts.ts), so a shopper's Arabic download does not carry them.
 */
export const adminScreensAr = { admin, adminVariants, settings, shipping, customers } as const;
