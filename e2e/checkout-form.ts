import { expect, type Page } from '@playwright/test';
import { messages } from '../src/shared/messages';

const o = messages.orders;

/** Types a Cairo shipping address into the checkout form, as a shopper does, with `name` on it. */
export async function fillCairoShipping(page: Page, name: string): Promise<void> {
  await page.getByLabel(o.fullName).fill(name);
  await page.getByLabel(o.phone).fill('01098765432');
  await page.getByLabel(o.street).fill('Abbas El Akkad Street');
  await page.getByLabel(o.building).fill('14');
  await page.getByLabel(o.floor).fill('5');
  await page.getByLabel(o.apartment).fill('12');
  await page.getByLabel(o.area).fill('Nasr City');
  await chooseGovernorate(page, messages.delivery.governorate, 'Cairo');
}

/**
 * Chooses a governorate in checkout's searchable list (issue 36), as a shopper does: types part of
 * its name and picks it from the list.
 */
export async function chooseGovernorate(page: Page, label: string, name: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(field).toHaveValue(name);
}
