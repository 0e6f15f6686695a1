import { z } from 'zod';
import { GOVERNORATE_CODES } from '@/shared/governorates';
import { messages } from '@/shared/messages';
import { PaymentTypeSchema, ShippingSchema } from '@/shared/schemas/checkout';

/**
 * The checkout form: SPEC §5's shipping rules (the same schema `POST /order` applies) and the payment
 * type, with the governorate in place of SPEC's three cities (issue 36). The city `POST /order` still
 * takes is the governorate's (`cityOfGovernorate`), so it is no field of the form.
 */
export const CheckoutFormSchema = ShippingSchema.omit({ city: true }).extend({
  governorate: z.enum(GOVERNORATE_CODES, { error: messages.delivery.governorateRule }),
  paymentType: PaymentTypeSchema,
});
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormValues = z.output<typeof CheckoutFormSchema>;
