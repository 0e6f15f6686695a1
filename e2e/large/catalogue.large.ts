import { expect, test, type Page } from '@playwright/test';
import { apiUrl } from '../../src/shared/api-url';
import { apiQueryOf, readFilters } from '../../src/shared/listing';
import { format, messages } from '../../src/shared/messages';
import type { ProductListAnswer } from '../../src/shared/schemas/product';

const c = messages.catalog;
const l = messages.layout;
const a = messages.auth;

/** Screenshots of every screen walked, for people to look at (bench/out is not committed). */
const shots = 'bench/out/large-walk';

/** The listing's count line, e.g. '2 products found'. */
function countText(count: number): string {
  return format(c.productsFound, { n: count });
}

/**
 * Waits until the listing shows the answer to the address it is on, and returns that answer: the
 * address's filters are asked of the API the way the storefront asks them (src/shared/listing.ts), then
 * the count line, the number of cards and the first card's name must be that answer's. The previous
 * list stays on screen until the new answer replaces it, so cards read any earlier may be the old ones.
 * Call it once the address is the one the step ends on.
 */
async function shownListing(page: Page): Promise<ProductListAnswer> {
  const filters = readFilters(new URL(page.url()).searchParams, []);
  const response = await page.request.get(apiUrl('/product', apiQueryOf(filters)));
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as ProductListAnswer;
  await expect(page.getByText(countText(answer.totalCount), { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(answer.products.length);
  const first = answer.products[0];
  if (first) await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(first.name);
  return answer;
}

/**
 * Each card's final price (the first bold figure of its price block; a discount badge follows it),
 * read in one go so a list being replaced is never read half old, half new.
 */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector('p > span.font-semibold')?.textContent ?? ''),
    );
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

const isAscending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! <= value);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: false });
}

test('every catalogue screen works on a shop of 100,000 products', async ({ page }) => {
  const apiErrors: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 500) apiErrors.push(response.url());
  });

  // Home: both product sections, the categories carousel.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: c.saleItems })).toBeVisible();
  await expect(page.getByRole('heading', { name: c.newestCollection })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(8);
  await shoot(page, 'home');
  await page.getByRole('heading', { name: c.shopByCategory }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: /Accessories/ }).first()).toBeVisible();

  // The whole listing, its last page through the pager, and a deep page straight from the URL.
  await page.goto('/products');
  const total = (await shownListing(page)).totalCount;
  expect(total).toBeGreaterThan(100_000);
  const lastPage = Math.ceil(total / 12);
  await expect(page.getByRole('article')).toHaveCount(12);
  await page.getByRole('button', { name: format(c.pageN, { n: lastPage }) }).click();
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}`));
  await expect(page.getByRole('article')).toHaveCount(total - (lastPage - 1) * 12);
  await shoot(page, 'listing-last-page');
  await page.goto('/products?page=5000&sort=nameAsc');
  await expect(page.getByRole('article')).toHaveCount(12);
  await expect(page.getByRole('button', { name: format(c.pageN, { n: 5000 }) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await shoot(page, 'listing-page-5000');

  // Every sort answers a full first page; prices come in order.
  await page.goto('/products');
  for (const sort of ['priceAsc', 'priceDesc', 'nameAsc', 'nameDesc', 'newest', 'featured']) {
    await page.getByLabel(c.sortBy).selectOption(sort);
    await expect(page).toHaveURL(new RegExp(`sort=${sort}|^[^?]*$`));
    await expect(page.getByRole('article')).toHaveCount(12);
  }
  await page.getByLabel(c.sortBy).selectOption('priceAsc');
  await expect(page).toHaveURL(/sort=priceAsc/);
  await shownListing(page);
  expect(isAscending(await cardPrices(page))).toBe(true);

  // Category and price together, then the top-bar search.
  await page.getByRole('button', { name: 'Women', exact: true }).click();
  await expect(page).toHaveURL(/category=Women/);
  await expect(page.getByRole('button', { name: 'Women', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel(c.maxPrice).fill('1500');
  await page.getByRole('button', { name: c.applyFilters }).click();
  await expect(page).toHaveURL(/category=Women.*maxPrice=1500|maxPrice=1500.*category=Women/);
  const filtered = (await shownListing(page)).totalCount;
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(total);
  for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(1500);
  await shoot(page, 'listing-filtered');

  const search = page.locator('#top-bar-search');
  await search.fill('linen');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=linen$/);
  expect((await shownListing(page)).totalCount).toBeGreaterThan(12);
  for (const name of await page.getByRole('article').getByRole('heading').allInnerTexts()) {
    expect(name.toLowerCase()).toContain('linen');
  }

  // The categories grid and one category's own page, paged.
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1, name: c.allCategoriesTitle })).toBeVisible();
  await shoot(page, 'categories');
  await page
    .getByRole('link', { name: /Accessories/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\/accessories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accessories' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(12);
  await page.getByRole('button', { name: c.nextPage }).click();
  await expect(page.getByRole('button', { name: format(c.pageN, { n: 2 }) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('article')).toHaveCount(12);
  await shoot(page, 'category-page-2');

  // Details by id (from a card on a deep page) and by slug, with related products.
  await page.goto('/products?page=4321');
  const { name } = (await shownListing(page)).products[0]!;
  await page.getByRole('article').first().getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/productdetails\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: c.relatedProducts })).toBeVisible();
  await shoot(page, 'details');
  const productId = page.url().split('/').pop()!;
  const { product } = (await (await page.request.get(`/api/product/${productId}`)).json()) as {
    product: { slug: string };
  };
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Favourites: add, see it listed, remove, the empty state.
  await page.getByRole('button', { name: format(c.addToFavorites, { name }) }).click();
  await expect(page.getByText(c.addedToFavorites)).toBeVisible();
  await page.getByRole('link', { name: format(l.favoritesCount, { n: 1 }) }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('button', { name: format(c.removeFromFavorites, { name }) }).click();
  await expect(page.getByRole('heading', { name: c.favoritesEmpty })).toBeVisible();

  // A signed-in shopper rates the product.
  await page.goto('/login');
  await page.getByLabel(a.email, { exact: true }).fill('user@nour.shop');
  await page.getByLabel(a.password, { exact: true }).fill('User1234');
  await page.getByRole('button', { name: a.signinSubmit, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: format(c.rateNStars, { n: 4 }) }).click();
  await expect(page.getByText(c.ratingSubmitted)).toBeVisible();
  await expect(page.getByText(format(c.youRated, { n: 4 }))).toBeVisible();

  // A product that does not exist.
  await page.goto('/product/no-such-product-anywhere');
  await expect(page.getByRole('heading', { name: c.productNotFound })).toBeVisible();

  expect(apiErrors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the listing, its filter panel and a deep page work at 390 px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: c.shopNow })).toBeVisible();
    await shoot(page, 'home');

    await page.goto('/products?page=7000');
    expect((await shownListing(page)).products).toHaveLength(12);
    await shoot(page, 'listing-page-7000');
    await page.getByRole('button', { name: c.showFilters }).click();
    await page.getByRole('button', { name: 'Girls', exact: true }).click();
    await expect(page).toHaveURL(/category=Girls/);
    // A new result count takes the shopper back to page 1.
    await expect(page).not.toHaveURL(/page=7000/);
    // Page 7000's cards stay on screen until the first page of Girls replaces them.
    const girls = await shownListing(page);
    expect(girls.page).toBe(1);
    expect(girls.products).toHaveLength(12);
    await shoot(page, 'listing-girls');

    const { name } = girls.products[0]!;
    await page.getByRole('article').first().getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await shoot(page, 'details');
  });
});
