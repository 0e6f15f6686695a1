import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CategoriesPage from './categories-page';
import { mockFetch, renderRoute, sampleCategory, setStoredSession } from '@/web/lib/testing';

describe('CategoriesPage', () => {
  beforeEach(() => setStoredSession('visitor'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists every category with its product count, linking to its page', async () => {
    mockFetch(() => ({
      body: {
        success: true,
        categories: [
          sampleCategory(),
          sampleCategory({ _id: 'c2', name: 'Boys', slug: 'boys', productCount: 1 }),
        ],
      },
    }));
    renderRoute(<CategoriesPage />, { path: '/categories' });
    expect(await screen.findByRole('link', { name: /Women\s*12 products/ })).toHaveAttribute(
      'href',
      '/category/women',
    );
    expect(screen.getByRole('link', { name: /Boys\s*1 product$/ })).toHaveAttribute('href', '/category/boys');
  });

  it("shows 'Failed to Load Categories' when the call fails", async () => {
    mockFetch(() => ({ status: 500, body: { success: false } }));
    renderRoute(<CategoriesPage />, { path: '/categories' });
    expect(await screen.findByRole('heading', { name: 'Failed to Load Categories' })).toBeInTheDocument();
  });
});
