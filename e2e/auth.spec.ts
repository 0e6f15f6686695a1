import { expect, test, type Page } from '@playwright/test';
import { messages } from '../src/shared/messages';

const a = messages.auth;
const l = messages.layout;

/** Opens the top bar's user menu and returns its panel (the footer has links of the same names). */
async function openUserMenu(page: Page) {
  const button = page.getByRole('button', { name: l.userMenu });
  await button.click();
  return page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
}

test('a visitor registers, sees the user menu, logs out, logs back in, and a wrong password shows the server message', async ({
  page,
}) => {
  const email = `shopper-${Date.now()}@example.com`;
  const password = 'Secret12';

  await page.goto('/register');
  await page.getByLabel(a.userName).fill('Mariam');
  await page.getByLabel(a.yourEmail).fill(email);
  await page.getByLabel(a.yourPassword).fill(password);
  await page.getByLabel(a.repeatPassword).fill(password);
  await page.getByRole('button', { name: a.registerSubmit, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  const menu = await openUserMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole('link', { name: l.myOrders })).toBeVisible();
  await expect(menu.getByRole('link', { name: l.dashboard })).toHaveCount(0);
  // The session never keeps the password in the browser (DESIGN §3).
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(password);
  expect(stored).toContain('userToken');

  await menu.getByRole('button', { name: l.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();

  await page.getByLabel(a.email, { exact: true }).fill(email);
  await page.getByLabel(a.password, { exact: true }).fill('Wrong123');
  await page.getByRole('button', { name: a.signinSubmit, exact: true }).click();
  await expect(page.getByText(a.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel(a.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: a.signinSubmit, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect((await openUserMenu(page)).getByText('Mariam')).toBeVisible();
});

test('registration shows the rules of SPEC §5 under the fields', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: a.registerSubmit, exact: true }).click();
  await expect(page.getByText(a.nameRequired)).toBeVisible();
  await expect(page.getByText(a.emailRequired)).toBeVisible();
  await page.getByLabel(a.yourPassword).fill('weak');
  await page.getByLabel(a.repeatPassword).fill('other');
  await page.getByRole('button', { name: a.registerSubmit, exact: true }).click();
  await expect(page.getByText(a.passwordRule)).toBeVisible();
});
