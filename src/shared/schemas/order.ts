import { z } from 'zod';
import { ADMIN_PAGE_SIZE, ORDER_STATUSES, type City, type OrderStatus, type PaymentType } from '../constants';
import { messages } from '../messages';
import { limitParam, pageParam, searchParam } from './common';
import type { ImageDto } from './product';

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: messages.orders.statusRule });
export const StatusUpdateSchema = z.object({ status: OrderStatusSchema });

export const AdminOrderQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(100).default(ADMIN_PAGE_SIZE),
  status: z.preprocess((v) => (v === '' ? undefined : v), OrderStatusSchema.optional()),
  search: searchParam,
});

export interface OrderLineDto {
  _id: string;
  product: {
    _id: string;
    id: string;
    name: string;
    slug: string;
    finalPrice: number;
    images: ImageDto[];
    defaultImage: ImageDto;
    category: { name: string };
  };
  quantity: number;
  unitPrice: number;
}

export interface OrderDto {
  _id: string;
  id: string;
  /** The order's number for people (`N-10234`): what the shopper, the owner and every e-mail show. */
  number: string;
  createdAt: string;
  status: OrderStatus;
  name: string;
  phone: string;
  address: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  landmark: string;
  area: string;
  city: City;
  products: OrderLineDto[];
  totalPrice: number;
  shippingFee: number;
  grandTotal: number;
  paymentType: PaymentType;
  paymentImage: { url: string } | null;
  createdBy: { _id: string; username: string; email: string };
}
