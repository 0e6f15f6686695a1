import { expect, test } from '@playwright/test';
import { messages } from '../src/shared/messages';
import type { ProductListAnswer } from '../src/shared/schemas/product';
import { signIn, useSession } from './sessions';

const v = messages.adminVariants;

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Issue 35: the product form's variants at 390 px. The table overflowed its box (Stock cut to 'STO');
 * on a phone each variant is a card of labelled fields, nothing wider than the screen.
 */
test('a phone edits a product’s variants as cards, every label whole', async ({ page, request }) => {
  const admin = await signIn(request, 'admin@nour.shop', 'Admin123');
  const listing = (await (await request.get('/api/product')).json()) as ProductListAnswer;
  const withSizes = listing.products.find((product) => product.options.length > 1);
  expect(withSizes).toBeDefined();
  await useSession(page, admin);
  await page.goto(`/dashboard/manage/edit/${withSizes!._id}`);

  const stock = page.getByRole('spinbutton', { name: new RegExp(`^${v.colStock} `) }).first();
  await expect(stock).toBeVisible();
  const stockLabel = page.getByText(v.colStock, { exact: true }).filter({ visible: true }).first();
  await expect(stockLabel).toBeVisible();

  // The label 'Stock' is whole on the screen and neither the page nor the variants' box scrolls sideways.
  const box = (await stockLabel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const sideways = await page.evaluate(() => {
    const region = document.querySelector('[role="region"]');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      region: region ? region.scrollWidth - region.clientWidth : 0,
    };
  });
  expect(sideways).toEqual({ page: 0, region: 0 });
  // The label names its field: a tap on it goes to the stock.
  await stockLabel.click();
  await expect(stock).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('variants-390-en.png'), fullPage: true });
});
