import { expect, test, type Page } from '@playwright/test';
import { format, messages } from '../src/shared/messages';
import { signIn, useSession } from './sessions';

const m = messages.settings;
const returnsEnglish = format(m.policyEnglish, { page: messages.layout.policyPages.returns });

/** Every error the page's console or scripts report, from its first script on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The shop has no favicon yet, and the browser asks for one on its own: not the page's error.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) {
      errors.push(`${message.text()} ${message.location().url}`);
    }
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/**
 * Issue 35: the owner wrote policy pages as raw Markdown with nothing to see. The Settings screen (the
 * production build: an earlier attempt broke it there only) shows each page as the shop will, beside
 * the Markdown, below it on a phone; the browser's console says no error.
 */
for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the owner sees a policy page as the shop will show it while writing it (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const errors = consoleErrors(page);
    await useSession(page, await signIn(request, 'admin@nour.shop', 'Admin123'));
    await page.goto('/dashboard/settings');

    const markdown = page.getByLabel(returnsEnglish, { exact: true });
    const preview = page.getByRole('region', { name: format(m.policyPreview, { field: returnsEnglish }) });
    // The saved page is previewed from the start.
    await expect(preview.getByRole('heading').first()).toBeVisible();

    await markdown.fill('# Easy returns\n\nWithin **14 days**, unworn.\n\n- Keep the tags\n- <b>raw</b>');
    await expect(preview.getByRole('heading', { level: 1, name: 'Easy returns' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('14 days');
    await expect(preview.getByRole('listitem')).toHaveText(['Keep the tags', '<b>raw</b>']);

    // Beside the Markdown on a wide screen, below it on a phone.
    const field = (await markdown.boundingBox())!;
    const shown = (await preview.boundingBox())!;
    if (viewport.width > 1000) expect(shown.x).toBeGreaterThanOrEqual(field.x + field.width);
    else expect(shown.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`policy-preview-${viewport.width}.png`) });
    expect(errors).toEqual([]);
  });
}
