import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CategoryPage from './category-page';
import { mockFetch, renderRoute, sampleCategory, sampleProduct, setStoredSession } from '@/web/lib/testing';

function renderCategory(slug = 'women') {
  return renderRoute(<CategoryPage />, { path: '/category/:slug', initialEntry: `/category/${slug}` });
}

describe('CategoryPage', () => {
  beforeEach(() => setStoredSession('visitor'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the name, the heading and products linking to /product/{slug}', async () => {
    const { calls } = mockFetch(() => ({
      body: { success: true, category: sampleCategory(), products: [sampleProduct()] },
    }));
    renderCategory();
    expect(
      await screen.findByRole('heading', { name: 'Browse our collection of products in the Women category' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Linen Summer Dress' })).toHaveAttribute(
      'href',
      '/product/linen-summer-dress',
    );
    expect(calls[0]?.url.pathname).toBe('/api/category/women/products');
  });

  it("shows 'Category not found' with 'Return to Home' for a missing category", async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'Category not found' } }));
    renderCategory('gone');
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(
      screen.getByText('The category you are looking for does not exist or has been removed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it("offers 'Browse Other Categories' and 'Return to Home' when the category is empty", async () => {
    mockFetch(() => ({ body: { success: true, category: sampleCategory(), products: [] } }));
    renderCategory();
    expect(await screen.findByRole('link', { name: 'Browse Other Categories' })).toHaveAttribute(
      'href',
      '/categories',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
