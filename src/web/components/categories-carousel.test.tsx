import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import { reloadPage } from '@/web/lib/reload-page';
import { mockFetch, renderRoute, sampleCategory, setStoredSession, stubObservers } from '@/web/lib/testing';
import { CategoriesCarousel } from './categories-carousel';

vi.mock('@/web/lib/reload-page', () => ({ reloadPage: vi.fn() }));

function answerCategories(body: unknown, status = 200) {
  return mockFetch(({ url }) => (url.pathname === '/api/category' ? { status, body } : undefined));
}

describe('CategoriesCarousel', () => {
  beforeEach(() => {
    setStoredSession('visitor');
    stubObservers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(reloadPage).mockClear();
  });

  it("shows 'Loading categories...' while asking", () => {
    mockFetch(() => undefined).fetchMock.mockReturnValue(new Promise(() => {}));
    renderRoute(<CategoriesCarousel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading categories...');
  });

  it("shows 'Failed to Load Categories' with 'Try Again' reloading the page when the call fails", async () => {
    answerCategories({ success: false, message: 'Down' }, 503);
    renderRoute(<CategoriesCarousel />);
    expect(await screen.findByRole('heading', { name: 'Failed to Load Categories' })).toBeInTheDocument();
    expect(screen.getByText('Error loading categories. Please try again later.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('treats an answer with success false as a failure', async () => {
    answerCategories({ success: false, categories: [] });
    renderRoute(<CategoriesCarousel />);
    expect(await screen.findByRole('heading', { name: 'Failed to Load Categories' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load categories')).toBeInTheDocument();
  });

  it("shows 'No Categories Available' and its text when there are none", async () => {
    answerCategories({ success: true, categories: [] });
    renderRoute(<CategoriesCarousel />);
    expect(await screen.findByRole('heading', { name: 'No Categories Available' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find any categories to display at the moment.")).toBeInTheDocument();
  });

  it('shows each category and sends a click to /products with the name in state and storage', async () => {
    answerCategories({
      success: true,
      categories: [sampleCategory(), sampleCategory({ _id: 'c2', name: 'Accessories', slug: 'accessories' })],
    });
    const { router } = renderRoute(<CategoriesCarousel />, {
      routes: [{ path: '/products', element: <p>listing</p> }],
    });
    const card = await screen.findByRole('link', { name: /Accessories/ });
    expect(screen.getAllByText('Click to explore')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.getByText('Swipe left or right to navigate')).toBeInTheDocument();

    await userEvent.click(card);
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.state).toEqual({ selectedCategory: 'Accessories' });
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedCategory)).toBe('Accessories');
  });
});
