import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { ProductDto } from '../src/shared/schemas/product';
import { baseURL } from '../playwright.config';
import { useSession, type Session } from './sessions';

/** An in-stock demo product without sizes or colours, with at least `stock` pieces: it goes in the cart as it is. */
export async function simpleProduct(request: APIRequestContext, stock = 2): Promise<ProductDto> {
  const response = await request.get('/api/product', {
    params: { availability: 'inStock', limit: 60, page: 1 },
  });
  const { products } = (await response.json()) as { products: ProductDto[] };
  const product = products.find(
    (candidate) => candidate.avaliableItems >= stock && candidate.options.length === 0,
  );
  expect(product, 'the demo catalogue has a simple product in stock').toBeTruthy();
  return product!;
}

/** A page of its own for one person, in a language and at a width, signed in as `session`. */
export async function pageFor(
  browser: Browser,
  session: Session,
  language: 'en' | 'ar',
  width: 390 | 1366,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    baseURL,
  });
  await context.addCookies([{ name: 'nour_lang', value: language, url: baseURL }]);
  const page = await context.newPage();
  await useSession(page, session);
  return page;
}

/** A full-page screenshot kept with the test's results, to be looked at. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.mouse.move(1, 1);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
