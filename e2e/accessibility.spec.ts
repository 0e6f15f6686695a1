import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../src/shared/messages';
import type { ProductListAnswer } from '../src/shared/schemas/product';
import { signUpShopper, useSession } from './sessions';

const c = messages.catalog;

/**
 * Issue 16: axe-core finds no serious or critical violation (contrast among them) on the storefront's
 * main pages, on a desktop and on a phone. Each page is checked once what it shows has loaded.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

const viewports = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test(`the home, listing, category, product and cart pages have no serious accessibility violation (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const shopper = await signUpShopper(request, 'Axe');
    const listing = (await (
      await request.get('/api/product?limit=60&sort=newest')
    ).json()) as ProductListAnswer;
    // A piece without sizes goes into the cart without a choice.
    const product = listing.products.find(
      (each) => each.options.length === 0 && each.avaliableItems > 0 && each.category !== null,
    );
    if (!product?.category) throw new Error('the demo catalogue has no piece without sizes in stock');
    const added = await request.post('/api/cart', {
      headers: { token: shopper.token },
      data: { productId: product._id, quantity: 1 },
    });
    expect(added.ok()).toBe(true);
    await useSession(page, shopper);
    const found: Record<string, string[]> = {};

    await page.goto('/');
    await expect(page.getByRole('heading', { name: c.newestCollection })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    found.home = await seriousViolations(page);

    await page.goto('/products');
    await expect(page.getByRole('article').first()).toBeVisible();
    found.listing = await seriousViolations(page);

    await page.goto(`/category/${product.category.slug}`);
    await expect(page.getByRole('navigation', { name: c.breadcrumb })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    found.category = await seriousViolations(page);

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: c.relatedProducts })).toBeVisible();
    found.product = await seriousViolations(page);

    await page.goto('/cart');
    await expect(page.getByText(product.name).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.cart = await seriousViolations(page);
    expect(found).toEqual({ home: [], listing: [], category: [], product: [], cart: [] });
  });
}
