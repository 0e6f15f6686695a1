import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetailDto } from '@/shared/schemas/product';

/**
 * The page's language is read once, when the modules load (web/i18n/language.ts): each test sets
 * `<html lang>` and loads the modules again, the testing helpers with them.
 */
function setPageLanguage(lang: 'en' | 'ar') {
  document.documentElement.lang = lang;
  vi.resetModules();
}

async function pageIn(lang: 'en' | 'ar') {
  setPageLanguage(lang);
  const testing = await import('@/web/lib/testing');
  const { ProductCard } = await import('@/web/components/product-card/product-card');
  const { default: ProductDetailsPage } = await import('@/web/features/catalog/product-details-page');
  return { ...testing, ProductCard, ProductDetailsPage };
}

// Loading the storefront's modules afresh for each test takes seconds on a busy machine.
describe('Arabic names and descriptions on the storefront (issue 14)', { timeout: 30_000 }, () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
    vi.unstubAllGlobals();
  });

  it('gives the Arabic text on Arabic pages and the English where there is none', async () => {
    setPageLanguage('ar');
    const { localizedName, localizedDescription } = await import('./localized');
    expect(localizedName({ name: 'Silk Scarf', nameAr: 'إيشارب حرير' })).toBe('إيشارب حرير');
    expect(localizedName({ name: 'Silk Scarf', nameAr: '' })).toBe('Silk Scarf');
    expect(localizedName({ name: 'Silk Scarf', nameAr: '   ' })).toBe('Silk Scarf');
    expect(localizedName({ name: 'Silk Scarf' })).toBe('Silk Scarf');
    expect(localizedDescription({ description: 'Soft.', descriptionAr: 'ناعم.' })).toBe('ناعم.');
    expect(localizedDescription({ description: 'Soft.', descriptionAr: '' })).toBe('Soft.');
  });

  it('shows a card in Arabic on an Arabic page, its picture named so, and falls back to English', async () => {
    const { ProductCard, renderRoute, sampleProduct, makeProduct, setStoredSession } = await pageIn('ar');
    setStoredSession('visitor');
    renderRoute(
      <>
        <ProductCard product={sampleProduct()} />
        <ProductCard product={makeProduct({ name: 'Cotton Tee' })} />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'فستان صيفي من الكتان' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'فستان صيفي من الكتان' })).toBeInTheDocument();
    expect(screen.getByText('نسائي')).toBeInTheDocument();
    // No Arabic texts: the English ones, its category's too.
    expect(screen.getByRole('link', { name: 'Cotton Tee' })).toBeInTheDocument();
    expect(screen.getByText('Women')).toBeInTheDocument();
    expect(screen.queryByText('Linen Summer Dress')).not.toBeInTheDocument();
  });

  it('shows a product page in Arabic (name, description, category, breadcrumb and title)', async () => {
    const { ProductDetailsPage, renderRoute, sampleProductDetail, mockFetch, listAnswer, stubObservers } =
      await pageIn('ar');
    stubObservers();
    const product: ProductDetailDto = sampleProductDetail();
    mockFetch((call) => {
      if (call.url.pathname === `/api/product/${product._id}`) return { body: { success: true, product } };
      if (call.url.pathname === '/api/product') return listAnswer([]);
      return undefined;
    });
    renderRoute(<ProductDetailsPage />, {
      path: '/productdetails/:id',
      initialEntry: `/productdetails/${product._id}`,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'فستان صيفي من الكتان' }),
    ).toBeInTheDocument();
    expect(screen.getByText('فستان خفيف للأيام الدافئة.')).toBeInTheDocument();
    // The category above the name, and again in the breadcrumb with the product's name.
    expect(screen.getAllByRole('link', { name: 'نسائي' })).toHaveLength(2);
    const breadcrumb = screen.getByRole('navigation', { name: /./ });
    expect(within(breadcrumb).getByRole('link', { name: 'نسائي' })).toBeInTheDocument();
    expect(breadcrumb).toHaveTextContent('فستان صيفي من الكتان');
    expect(document.title).toContain('فستان صيفي من الكتان');
    expect(screen.queryByText('A light dress for warm days.')).not.toBeInTheDocument();
  });

  it('falls back to the English description on an Arabic page when the Arabic one is empty', async () => {
    const { ProductDetailsPage, renderRoute, sampleProductDetail, mockFetch, listAnswer, stubObservers } =
      await pageIn('ar');
    stubObservers();
    const product = sampleProductDetail({ nameAr: '', descriptionAr: '' });
    mockFetch((call) => {
      if (call.url.pathname === `/api/product/${product._id}`) return { body: { success: true, product } };
      if (call.url.pathname === '/api/product') return listAnswer([]);
      return undefined;
    });
    renderRoute(<ProductDetailsPage />, {
      path: '/productdetails/:id',
      initialEntry: `/productdetails/${product._id}`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Summer Dress' })).toBeInTheDocument();
    expect(screen.getByText('A light dress for warm days.')).toBeInTheDocument();
  });

  it('keeps English pages in English though the product has Arabic texts', async () => {
    const { ProductCard, renderRoute, sampleProduct, setStoredSession } = await pageIn('en');
    setStoredSession('visitor');
    renderRoute(<ProductCard product={sampleProduct()} />);
    expect(await screen.findByRole('link', { name: 'Linen Summer Dress' })).toBeInTheDocument();
    expect(screen.getByText('Women')).toBeInTheDocument();
    expect(screen.queryByText('فستان صيفي من الكتان')).not.toBeInTheDocument();
  });
});
