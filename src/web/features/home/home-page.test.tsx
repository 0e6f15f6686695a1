import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@/shared/schemas/product';
import {
  listAnswer,
  mockFetch,
  renderRoute,
  sampleCategory,
  sampleProduct,
  setStoredSession,
  stubObservers,
} from '@/web/lib/testing';
import HomePage from './home-page';

function pieces(count: number, discount: number): ProductDto[] {
  return Array.from({ length: count }, (_, index) =>
    sampleProduct({
      _id: `p${discount}-${index}`,
      id: `p${discount}-${index}`,
      name: `Piece ${discount}-${index}`,
      discount,
    }),
  );
}

function serve(sale: ProductDto[], newest: ProductDto[], failing = false) {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/category') return { body: { success: true, categories: [sampleCategory()] } };
    if (url.pathname !== '/api/product') return undefined;
    if (failing) return { status: 500, body: { success: false, message: 'Down' } };
    return listAnswer(url.searchParams.get('sort') === 'discount' ? sale : newest);
  });
}

describe('HomePage', () => {
  beforeEach(() => {
    setStoredSession('visitor');
    stubObservers();
    // Everything is "near" in this test, so the lazy carousel mounts at once.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
        }
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows two of the newest pieces in the hero, each leading to its page, so a phone sees pieces first (issue 16)', async () => {
    serve([], pieces(8, 0));
    renderRoute(<HomePage />);
    const hero = screen.getByRole('heading', { level: 1 }).closest('section')!;
    const shown = await within(hero).findAllByRole('link');
    expect(shown.map((link) => link.getAttribute('href'))).toEqual([
      '/productdetails/p0-0',
      '/productdetails/p0-1',
    ]);
    expect(within(hero).getByRole('img', { name: 'Piece 0-0' })).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the hero, 4 sale items, 4 newest with View All links, and the categories', async () => {
    const { calls } = serve(pieces(8, 20), pieces(8, 0));
    renderRoute(<HomePage />);
    expect(screen.getByText('Premium Collection')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const explore = screen.getByRole('button', { name: /Explore Collection/ });
    expect(within(explore).getByText('Shop Now')).toBeInTheDocument();

    const sale = (await screen.findByRole('heading', { name: 'Sale Items' })).closest('section')!;
    expect(within(sale).getAllByRole('article')).toHaveLength(4);
    expect(within(sale).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/products');
    const newest = screen.getByRole('heading', { name: 'Our Newest Collection' }).closest('section')!;
    expect(await within(newest).findAllByRole('article')).toHaveLength(4);
    expect(within(newest).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/products');
    expect(await screen.findByText('Click to explore', {}, { timeout: 5000 })).toBeInTheDocument();

    const asked = calls.filter((call) => call.url.pathname === '/api/product').map((call) => call.url.search);
    expect(asked.sort()).toEqual(['?sort=discount&limit=8&page=1', '?sort=newest&limit=8&page=1']);
  });

  it('shows the products in the order the server answers them: its sorts put in-stock first (issue 35)', async () => {
    serve(pieces(8, 20), pieces(8, 0));
    renderRoute(<HomePage />);
    const sale = (await screen.findByRole('heading', { name: 'Sale Items' })).closest('section')!;
    const saleNames = within(sale)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(saleNames).toEqual(['Piece 20-0', 'Piece 20-1', 'Piece 20-2', 'Piece 20-3']);
    const newest = screen.getByRole('heading', { name: 'Our Newest Collection' }).closest('section')!;
    const newestNames = (await within(newest).findAllByRole('article')).map(
      (card) => within(card).getByRole('heading').textContent,
    );
    expect(newestNames).toEqual(['Piece 0-0', 'Piece 0-1', 'Piece 0-2', 'Piece 0-3']);
  });

  it('hides Sale Items when nothing is discounted', async () => {
    serve(pieces(8, 0), pieces(8, 0));
    renderRoute(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Our Newest Collection' })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(screen.queryByRole('heading', { name: 'Sale Items' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load products' with 'Try Again' when the products fail", async () => {
    serve([], [], true);
    renderRoute(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Failed to load products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('loads the categories carousel only once the product sections have loaded', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = mockFetch(({ url }) => {
      if (url.pathname === '/api/category')
        return { body: { success: true, categories: [sampleCategory()] } };
      if (url.pathname !== '/api/product') return undefined;
      return held.then(() => listAnswer(pieces(8, 0)));
    });
    renderRoute(<HomePage />);
    await screen.findByText('Premium Collection');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.url.pathname === '/api/category')).toBe(false);

    release();
    expect(await screen.findByText('Click to explore', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/category')).toBe(true);
  });

  it('brings the back-to-top button with the first scroll', async () => {
    serve([], []);
    renderRoute(<HomePage />);
    await screen.findByText('Premium Collection');
    expect(screen.queryByRole('button', { name: 'Back to top', hidden: true })).not.toBeInTheDocument();
    vi.stubGlobal('scrollY', 900);
    fireEvent.scroll(window);
    expect(await screen.findByRole('button', { name: 'Back to top' })).toBeInTheDocument();
  });

  it('scrolls one screen minus 80 px from the hero button', async () => {
    serve([], []);
    const scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
    renderRoute(<HomePage />);
    await userEvent.click(screen.getByRole('button', { name: /Explore Collection/ }));
    expect(scrollBy).toHaveBeenCalledWith({ top: window.innerHeight - 80, behavior: 'smooth' });
  });
});
