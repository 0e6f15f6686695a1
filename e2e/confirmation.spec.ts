import { expect, test } from '@playwright/test';
import { governorateName } from '../src/shared/governorates';
import { messagesAr } from '../src/shared/messages/ar';
import { startFakeWhatsApp, type FakeWhatsApp } from '../src/server/test/fakes/whatsapp';
import { baseURL, journeyWhatsApp } from '../playwright.config';
import { chooseGovernorate } from './checkout-form';
import { keepScreenshot, pageFor, simpleProduct } from './journey-pages';
import { signIn, signUpShopper } from './sessions';

// Issue 37's journey: an Arabic shopper's cash order waits on the desk as 'To confirm', the shop's
// WhatsApp Business asks her (a local Graph API the test starts, on the address the journeys' server is
// given), her 'Confirm' comes back through the signed webhook, and the owner, in Arabic, ships it.

const port = Number(new URL(baseURL).port);
const meta = journeyWhatsApp(port);
const governorate = 'EG-GZ';
const c = messagesAr.customers;
const o = messagesAr.orders;
/** Her number as she types it, and as WhatsApp knows it. */
const PHONE = '٠١٠٢٢٣٣٤٤٥٥';
const WHATSAPP_ID = '201022334455';

let graph: FakeWhatsApp;

test.beforeAll(async () => {
  graph = await startFakeWhatsApp({
    port: meta.port,
    token: meta.token,
    phoneNumberId: meta.phoneNumberId,
    appSecret: meta.appSecret,
    approvedTemplates: ['order_confirmation', 'order_status_update', 'order_shipped'],
  });
});

test.afterAll(async () => {
  await graph?.close();
});

test('an Arabic cash order waits to be confirmed, her WhatsApp reply confirms it, and the owner ships it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const product = await simpleProduct(request);
  const owner = await signIn(request, 'admin@nour.shop', 'Admin123');
  const shopper = await signUpShopper(request, 'Salma');
  const added = await request.post('/api/cart', {
    headers: { token: shopper.token },
    data: { productId: product._id, quantity: 1 },
  });
  expect(added.ok()).toBe(true);

  // Her checkout, in Arabic on a phone, paying cash.
  const shopperPage = await pageFor(browser, shopper, 'ar', 390);
  await shopperPage.goto('/checkout');
  await shopperPage.getByLabel(o.fullName).fill('سلمى أحمد');
  await shopperPage.getByLabel(o.phone).fill(PHONE);
  await shopperPage.getByLabel(o.street).fill('شارع الهرم');
  await shopperPage.getByLabel(o.building).fill('١٥');
  await shopperPage.getByLabel(o.floor).fill('٢');
  await shopperPage.getByLabel(o.apartment).fill('٤');
  await shopperPage.getByLabel(o.area).fill('الهرم');
  await chooseGovernorate(shopperPage, messagesAr.delivery.governorate, governorateName(governorate, 'ar'));
  await shopperPage.getByRole('radio', { name: o.cash }).check();
  await shopperPage.getByRole('button', { name: o.placeOrder }).click();
  const thanks = shopperPage.getByRole('region', { name: new RegExp(`^${o.thankYou} N-\\d+$`) });
  await expect(thanks).toBeVisible();
  const number = /N-\d+/.exec((await thanks.getByRole('heading').first().textContent()) ?? '')![0];

  // The desk, in Arabic: the order is among those to confirm, with its badge.
  const ownerPage = await pageFor(browser, owner, 'ar', 1366);
  await ownerPage.goto('/dashboard/manage_orders');
  // The desk's filters live in its address: the box is ticked once the address says so.
  const toConfirm = ownerPage.getByRole('checkbox', { name: c.toConfirm });
  await toConfirm.click();
  await expect(ownerPage).toHaveURL(/confirmation=toConfirm/);
  await expect(toConfirm).toBeChecked();
  const row = ownerPage.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible();
  await expect(row.getByText(c.toConfirm, { exact: true })).toBeVisible();
  await keepScreenshot(ownerPage, testInfo, 'desk-to-confirm-ar-1366');

  // The shop's WhatsApp asked her, in Arabic, with its two buttons.
  await expect.poll(() => graph.messages.filter((m) => m.to === WHATSAPP_ID).length).toBe(1);
  const asked = graph.messages.find((m) => m.to === WHATSAPP_ID)!;
  expect(asked).toMatchObject({ template: 'order_confirmation', language: 'ar' });
  expect(asked.bodyParameters[1]).toBe(number);
  const [confirmPayload] = asked.quickReplies;
  expect(confirmPayload).toMatch(/^confirm:/);
  const orderId = confirmPayload!.slice('confirm:'.length);

  // She taps 'Confirm': Meta's webhook, signed with the app's secret.
  const reply = graph.buttonReplyBody({
    from: WHATSAPP_ID,
    payload: confirmPayload!,
    text: 'تأكيد',
    contextMessageId: asked.id,
  });
  const answered = await graph.sendWebhook(`${baseURL}/api/whatsapp/webhook`, reply);
  expect(answered.status, answered.body).toBe(200);
  // A forged one is refused.
  const forged = await graph.sendWebhook(`${baseURL}/api/whatsapp/webhook`, reply, {
    secret: 'not-the-secret-0123',
  });
  expect(forged.status).toBe(401);

  // The order page: confirmed, her reply in the contacts, and it may ship now.
  await ownerPage.goto(`/dashboard/order/${orderId}`);
  await expect(ownerPage.getByRole('combobox', { name: messagesAr.admin.orderStatus })).toHaveValue(
    'confirmed',
  );
  const panel = ownerPage.getByRole('region', { name: c.confirmationTitle });
  await expect(panel.getByText(c.contactSources.customer)).toBeVisible();
  const delivery = ownerPage.getByRole('region', { name: messagesAr.shipping.deliveryPanel });
  await delivery.getByRole('button', { name: messagesAr.shipping.markShipped }).click();
  await expect(delivery.getByText(messagesAr.shipping.deliveryStates.shipped)).toBeVisible();
  await keepScreenshot(ownerPage, testInfo, 'order-confirmed-shipped-ar-1366');
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(ownerPage, testInfo, 'order-confirmed-shipped-ar-390');

  // Her record in the customer list, found by her number written another way; and the owner's rules.
  await ownerPage.goto(`/dashboard/customers?search=${encodeURIComponent('+2' + WHATSAPP_ID.slice(1))}`);
  await expect(ownerPage.getByText('سلمى أحمد').first()).toBeVisible();
  await keepScreenshot(ownerPage, testInfo, 'customers-ar-390');
  await ownerPage.goto('/dashboard/settings');
  await expect(ownerPage.getByRole('group', { name: c.confirmationSettings })).toBeVisible();
  await keepScreenshot(ownerPage, testInfo, 'settings-ar-390');

  // She was told on WhatsApp as well: the status change and the parcel's leaving.
  await expect
    .poll(() => graph.messages.filter((m) => m.to === WHATSAPP_ID).map((m) => m.template))
    .toEqual(expect.arrayContaining(['order_confirmation', 'order_status_update', 'order_shipped']));
});
