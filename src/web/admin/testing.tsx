import { configure } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { OrderStatus } from '@/shared/constants';
import type { CategoryDto } from '@/shared/schemas/category';
import type { OrderDto } from '@/shared/schemas/order';
import type { ProductDto } from '@/shared/schemas/product';
import { renderRoutes, setStoredSession } from '@/web/lib/testing';
import CategoriesPage from './categories-page';
import CategoryFormPage from './category-form-page';
import DashboardPage from './dashboard-page';
import OrderDetailPage from './order-detail-page';
import OrdersPage from './orders-page';
import ProductFormPage from './product-form-page';
import ProductsPage from './products-page';

/** Test helpers for the admin screens: sample answers and the admin routes in a memory router. */

// Debounced searches, uploads and redirects take longer than the default second when the suite shares
// the machine's two cores; each test file runs isolated, so this reaches only the files that import it.
configure({ asyncUtilTimeout: 4000 });

let sequence = 0;
const uuid = (n: number) => `${String(n).padStart(8, '0')}-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;

export function sampleProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  sequence += 1;
  const id = overrides._id ?? uuid(sequence);
  return {
    _id: id,
    id,
    name: `Piece ${sequence}`,
    slug: `piece-${sequence}`,
    description: 'Soft cotton.',
    price: 500,
    discount: 0,
    finalPrice: 500,
    defaultImage: { url: `/uploads/piece-${sequence}.webp` },
    subImages: [],
    images: [{ url: `/uploads/piece-${sequence}.webp` }],
    category: { _id: 'cat-women', id: 'cat-women', name: 'Women', slug: 'women' },
    avaliableItems: 20,
    soldItems: 0,
    inStock: true,
    averageRating: 0,
    ratingCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function sampleCategory(overrides: Partial<CategoryDto> = {}): CategoryDto {
  sequence += 1;
  const id = overrides._id ?? `cat-${sequence}`;
  return {
    _id: id,
    id,
    name: `Category ${sequence}`,
    slug: `category-${sequence}`,
    image: { url: `/uploads/category-${sequence}.webp` },
    productCount: 0,
    ...overrides,
  };
}

export function sampleOrder(overrides: Partial<OrderDto> & { status?: OrderStatus } = {}): OrderDto {
  sequence += 1;
  const id = overrides._id ?? `abcdef${String(sequence).padStart(2, '0')}-1234-4aaa-8aaa-aaaaaaaaaaaa`;
  const line = (n: number) => ({
    _id: `line-${id}-${n}`,
    product: {
      _id: `p${n}`,
      id: `p${n}`,
      name: `Item ${n}`,
      slug: `item-${n}`,
      finalPrice: 100,
      images: [{ url: `/uploads/item-${n}.webp` }],
      defaultImage: { url: `/uploads/item-${n}.webp` },
      category: { name: 'Women' },
    },
    quantity: n,
    unitPrice: 100,
  });
  return {
    _id: id,
    id,
    createdAt: '2026-11-20T10:30:00.000Z',
    status: 'pending',
    name: 'Mariam Hassan',
    phone: '01012345678',
    address: 'El Nozha Street, Heliopolis, Cairo',
    street: 'El Nozha Street',
    building: '12',
    floor: '3',
    apartment: '7',
    landmark: '',
    area: 'Heliopolis',
    city: 'Cairo',
    products: [line(1)],
    totalPrice: 100,
    shippingFee: 70,
    grandTotal: 170,
    paymentType: 'instapay',
    paymentImage: { url: '/files/proof.webp?sig=x' },
    createdBy: { _id: 'u1', username: 'mariam', email: 'mariam@example.com' },
    ...overrides,
  };
}

export function orderLines(count: number): OrderDto['products'] {
  return Array.from({ length: count }, (_, index) => ({
    ...sampleOrder().products[0]!,
    _id: `line-${index}`,
    product: { ...sampleOrder().products[0]!.product, name: `Item ${index + 1}` },
  }));
}

const adminRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'manage', element: <ProductsPage /> },
      { path: 'manage/create', element: <ProductFormPage /> },
      { path: 'manage/edit/:id', element: <ProductFormPage /> },
      { path: 'manage_category', element: <CategoriesPage /> },
      { path: 'manage_category/new', element: <CategoryFormPage /> },
      { path: 'manage_category/edit/:id', element: <CategoryFormPage /> },
      { path: 'manage_orders', element: <OrdersPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'order/:id', element: <OrderDetailPage /> },
    ],
  },
  { path: '/login', element: <p>login page</p> },
  { path: '/categories', element: <p>categories page</p> },
];

/** Renders the admin routes at `path` for a signed-in admin (or the given role). */
export function renderAdmin(path: string, role: 'admin' | 'visitor' = 'admin') {
  setStoredSession(role);
  return renderRoutes(adminRoutes, path);
}
