import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { format, messages } from '../src/shared/messages';
import { signIn, useSession } from './sessions';

const m = messages.settings;

/**
 * Issue 35: the home page's first screen showed no product and no price, and its opening was the
 * shop's own. The owner writes the hero and orders the sections in Settings; the home page follows,
 * and at 390 px its first screen shows a piece with its price.
 */
test('the owner sets the hero and the sections’ order; a phone’s first screen shows a price', async ({
  browser,
  page,
  request,
}) => {
  const admin = await signIn(request, 'admin@nour.shop', 'Admin123');
  await useSession(page, admin);
  await page.goto('/dashboard/settings');
  await page.getByLabel(m.heroTitle, { exact: true }).fill('Eid edit, ready to wear');
  await page.getByLabel(m.heroTitleAr, { exact: true }).fill('تشكيلة العيد جاهزة');
  await page.getByLabel(m.heroText, { exact: true }).fill('Kaftans and scarves for every evening.');
  // Newest first, then the categories, then the sale.
  const names = m.homeSectionNames;
  await page.getByRole('button', { name: format(m.moveSectionUp, { section: names.newest }) }).click();
  await page.getByRole('button', { name: format(m.moveSectionDown, { section: names.sale }) }).click();
  await expect(page.getByRole('list', { name: m.sectionsOrder }).getByRole('listitem')).toContainText([
    names.newest,
    names.categories,
    names.sale,
  ]);
  await page.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(m.saved).first()).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto('/');
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Eid edit, ready to wear');
  await expect(shopper.getByText('Kaftans and scarves for every evening.')).toBeVisible();
  const headings = shopper.getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([
    messages.catalog.newestCollection,
    messages.catalog.shopByCategory,
    messages.catalog.saleItems,
  ]);

  // The first screen: a price in EGP, whole, above the fold.
  const price = shopper.getByText(/EGP/).first();
  await expect(price).toBeVisible();
  const box = (await price.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await shopper.screenshot({ path: test.info().outputPath('home-owner-390-en.png') });

  await phone.addCookies([{ name: 'nour_lang', value: 'ar', url: shopper.url() }]);
  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('تشكيلة العيد جاهزة');
  await shopper.screenshot({ path: test.info().outputPath('home-owner-390-ar.png') });
  await phone.close();
});

/** A wide photo-like picture: a warm gradient with soft shapes, made on the spot. */
function heroPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#c98b6b"/><stop offset="1" stop-color="#5b3a55"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#g)"/>
    <circle cx="1150" cy="380" r="260" fill="#f3d9c4" opacity="0.55"/>
    <rect x="300" y="420" width="520" height="580" rx="260" fill="#2f2236" opacity="0.5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Issue 35: the owner chooses the hero's picture too. Uploaded in Settings, the home page opens with
 * it (fetched first, in its own size); a phone's first screen still shows a piece with its price; removed,
 * the hero shows the newest pieces again.
 */
test('the owner uploads a hero picture; the home page opens with it and a phone still sees a price', async ({
  browser,
  page,
  request,
}) => {
  const admin = await signIn(request, 'admin@nour.shop', 'Admin123');
  await useSession(page, admin);
  await page.goto('/dashboard/settings');
  await expect(page.getByText(m.noHeroImage)).toBeVisible();
  await page.getByLabel(m.uploadHeroImage).setInputFiles({
    name: 'hero.jpg',
    mimeType: 'image/jpeg',
    buffer: await heroPicture(),
  });
  await expect(page.getByText(m.heroImageUploaded).first()).toBeVisible();
  await expect(page.getByRole('img', { name: m.heroImage })).toHaveAttribute('src', /\/shop\/.+\.webp$/);

  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const shopper = await context.newPage();
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar')
        await context.addCookies([{ name: 'nour_lang', value: 'ar', url: shopper.url() }]);
      await shopper.goto('/');
      const hero = shopper.locator('section').filter({ has: shopper.getByRole('heading', { level: 1 }) });
      const picture = hero.locator('img[src*="/shop/"]');
      await expect(picture).toBeVisible();
      await expect(picture).toHaveAttribute('fetchpriority', 'high');
      await expect(picture).toHaveAttribute('width', '1600');
      await expect(picture).toHaveAttribute('height', '1000');
      // Decorative: the headline beside it already says it.
      await expect(picture).toHaveAttribute('alt', '');
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      if (width === 390) {
        const price = hero.getByText(/EGP|ج\.م/).first();
        await expect(price).toBeVisible();
        const box = (await price.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(height);
      }
      await shopper.screenshot({
        path: test.info().outputPath(`home-hero-picture-${width}-${language}.png`),
      });
    }
    await context.close();
  }

  // Removed, the hero shows the two newest pieces again.
  await page.getByRole('button', { name: m.removeHeroImage }).click();
  await expect(page.getByText(m.noHeroImage)).toBeVisible();
  const shopper = await browser.newPage();
  await shopper.goto('/');
  const hero = shopper.locator('section').filter({ has: shopper.getByRole('heading', { level: 1 }) });
  await expect(hero.getByRole('link', { name: /EGP/ })).toHaveCount(2);
  await expect(hero.locator('img[src*="/shop/"]')).toHaveCount(0);
  await shopper.close();
});
