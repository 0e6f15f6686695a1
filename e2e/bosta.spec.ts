import { expect, test, type APIRequestContext } from '@playwright/test';
import { governorateName } from '../src/shared/governorates';
import { format } from '../src/shared/messages/format';
import { messages } from '../src/shared/messages';
import { messagesAr } from '../src/shared/messages/ar';
import type { DashboardStats } from '../src/shared/schemas/dashboard';
import type { DeliveryQuote } from '../src/shared/schemas/delivery';
import { BOSTA_CITY } from '../src/server/couriers/bosta';
import { startFakeBosta, type FakeBosta } from '../src/server/test/fakes/bosta';
import { baseURL, journeyBosta } from '../playwright.config';
import { chooseGovernorate } from './checkout-form';
import { keepScreenshot, pageFor, simpleProduct } from './journey-pages';
import { signIn, signUpShopper, type Session } from './sessions';

// Issue 36's journey: an Arabic shopper orders to a governorate outside Cairo, the owner sends the order
// to Bosta (a local Bosta the test starts, on the address the journeys' server is given), Bosta's webhook
// says it was picked up and then delivered, the shopper's timeline shows the road, and the dashboard's
// cash card counts what the courier collected until the owner marks the payout received.

const port = Number(new URL(baseURL).port);
const courier = journeyBosta(port);
const governorate = 'EG-ALX';
const s = messages.shipping;

let bosta: FakeBosta;

test.beforeAll(async () => {
  bosta = await startFakeBosta({ port: courier.port, apiKey: courier.apiKey });
});

test.afterAll(async () => {
  await bosta?.close();
});

async function cashWithCouriers(request: APIRequestContext, owner: Session) {
  const response = await request.get('/api/dashboard/stats', { headers: { token: owner.token } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as DashboardStats).cashWithCouriers;
}

test('an Arabic cash order to Alexandria goes with Bosta, is delivered, and its cash is counted and paid out', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const product = await simpleProduct(request, 3);
  const owner = await signIn(request, 'admin@nour.shop', 'Admin123');
  const shopper = await signUpShopper(request, 'Nadia');
  const cashBefore = await cashWithCouriers(request, owner);

  // Two of the product in her cart, then the checkout in Arabic on a phone.
  const added = await request.post('/api/cart', {
    headers: { token: shopper.token },
    data: { productId: product._id, quantity: 2 },
  });
  expect(added.ok()).toBe(true);
  const quoted = await request.get('/api/delivery/quote', {
    headers: { token: shopper.token },
    params: { governorate, paymentType: 'cash' },
  });
  const quote = ((await quoted.json()) as { quote: DeliveryQuote }).quote;
  expect(quote.deliverable).toBe(true);

  const shopperPage = await pageFor(browser, shopper, 'ar', 390);
  const o = messagesAr.orders;
  const d = messagesAr.delivery;
  await shopperPage.goto('/checkout');
  await shopperPage.getByLabel(o.fullName).fill('نادية حسن');
  await shopperPage.getByLabel(o.phone).fill('٠١٠٩٨٧٦٥٤٣٢');
  await shopperPage.getByLabel(o.street).fill('شارع فؤاد');
  await shopperPage.getByLabel(o.building).fill('٢٢');
  await shopperPage.getByLabel(o.floor).fill('٣');
  await shopperPage.getByLabel(o.apartment).fill('٧');
  await shopperPage.getByLabel(o.area).fill('محطة الرمل');
  await chooseGovernorate(shopperPage, d.governorate, governorateName(governorate, 'ar'));
  await shopperPage.getByRole('radio', { name: o.cash }).check();
  // The zone's fee, as the server quotes it for this cart.
  expect(quote.estimateDays).not.toBeNull();
  await expect(shopperPage.getByText(format(d.estimate, quote.estimateDays!, 'ar'))).toBeVisible();
  await keepScreenshot(shopperPage, testInfo, 'checkout-ar-390');
  await shopperPage.getByRole('button', { name: o.placeOrder }).click();
  const thanks = shopperPage.getByRole('region', { name: new RegExp(`^${o.thankYou} N-\\d+$`) });
  await expect(thanks).toBeVisible();
  const number = /N-\d+/.exec((await thanks.getByRole('heading').first().textContent()) ?? '')![0];
  const mine = await request.get('/api/order/user/orders', { headers: { token: shopper.token } });
  const { results: orders } = (await mine.json()) as {
    results: Array<{ _id: string; number: string; grandTotal: number; shippingFee: number }>;
  };
  const order = orders.find((candidate) => candidate.number === number)!;
  expect(order, `${number} is among her orders`).toBeTruthy();
  const orderId = order._id;
  expect(order.shippingFee).toBe(quote.shippingFee);

  // The owner sends it to Bosta from the order's page; the courier's copy comes back with its number.
  const ownerPage = await pageFor(browser, owner, 'en', 1366);
  await ownerPage.goto(`/dashboard/order/${orderId}`);
  const panel = ownerPage.getByRole('region', { name: s.deliveryPanel });
  // A cash order is confirmed with the customer before it leaves (issue 37): the owner called her.
  const confirmation = ownerPage.getByRole('region', { name: messages.customers.confirmationTitle });
  await confirmation.getByRole('button', { name: messages.customers.callConfirmed }).click();
  await panel.getByRole('button', { name: s.sendToBosta }).click();
  await expect(ownerPage.getByText(s.bostaQueued).first()).toBeVisible();
  await expect(panel.getByText(s.shipmentRequests.created)).toBeVisible();
  expect(bosta.deliveries).toHaveLength(1);
  const [delivery] = bosta.deliveries;
  expect(delivery!.businessReference).toBe(number);
  expect(delivery!.body).toMatchObject({
    cod: order.grandTotal,
    dropOffAddress: { city: BOSTA_CITY[governorate] },
    receiver: { phone: '01098765432' },
  });
  const tracking = delivery!.trackingNumber;
  await expect(panel.getByText(tracking)).toBeVisible();
  await keepScreenshot(ownerPage, testInfo, 'order-sent-en-1366');

  // Bosta picks it up, then delivers it and collects the cash: its webhook, signed with the shop's header.
  const webhook = `${baseURL}/api/couriers/bosta/webhook`;
  for (const code of [21, 45]) {
    const sent = await bosta.sendWebhook(webhook, bosta.moveDelivery(tracking, code), {
      authorization: courier.webhookSecret,
    });
    expect(sent.status, sent.body).toBe(200);
  }
  // A forged one is refused and moves nothing.
  const forged = await bosta.sendWebhook(webhook, bosta.moveDelivery(tracking, 46), {
    authorization: 'not-the-shop-secret-at-all',
  });
  expect(forged.status).toBe(401);

  // The shopper's order page: delivered, with the tracking link and the road in her timeline.
  await shopperPage.goto(`/orders/${orderId}`);
  // Delivered is SPEC's 'completed', said once by the status badge.
  await expect(shopperPage.locator('header [data-status]')).toHaveText(o.delivered);
  await expect(shopperPage.locator('header [data-delivery-state]')).toHaveCount(0);
  const timeline = shopperPage.getByRole('region', { name: o.statusTimeline });
  await expect(timeline.getByRole('listitem').filter({ hasText: d.deliveryStates.shipped })).toHaveCount(1);
  await expect(
    timeline.getByRole('listitem').filter({ hasText: d.deliveryStates.delivered }),
  ).toHaveAttribute('aria-current', 'step');
  await expect(
    shopperPage.getByRole('link', { name: format(d.trackParcel, { number: tracking }, 'ar') }),
  ).toBeVisible();
  await keepScreenshot(shopperPage, testInfo, 'order-delivered-ar-390');
  await shopperPage.setViewportSize({ width: 1366, height: 900 });
  await keepScreenshot(shopperPage, testInfo, 'order-delivered-ar-1366');

  // The dashboard's cash card counts what Bosta holds for the shop, this order's total more than before.
  await ownerPage.goto('/dashboard');
  const cashCard = ownerPage.getByText(s.cashWithCouriers, { exact: true }).locator('..');
  await expect(cashCard).toContainText(format(s.cashWithCouriersDetail, { n: cashBefore.orders + 1 }));
  const cashAfter = await cashWithCouriers(request, owner);
  expect(cashAfter.amount).toBe(cashBefore.amount + order.grandTotal);
  await keepScreenshot(ownerPage, testInfo, 'dashboard-en-1366');

  // Bosta's payout arrives: the owner marks it received for this order, and the card no longer counts it.
  await ownerPage.getByRole('button', { name: s.markPayout }).click();
  const dialog = ownerPage.getByRole('dialog', { name: s.payoutTitle });
  await dialog.getByLabel(s.payoutCourier).selectOption('bosta');
  // Every order of Bosta's that waits for a payout is ticked: here, this one alone.
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: new RegExp(number) })).toBeChecked();
  await dialog.getByRole('button', { name: s.savePayout }).click();
  await expect(ownerPage.getByText(s.payoutRecorded.split('{')[0]!).first()).toBeVisible();
  await expect(cashCard).toContainText(format(s.cashWithCouriersDetail, { n: cashBefore.orders }));
  expect((await cashWithCouriers(request, owner)).amount).toBe(cashBefore.amount);

  // The owner's screens in Arabic, on a phone and wide.
  const ownerAr = await pageFor(browser, owner, 'ar', 390);
  await ownerAr.goto(`/dashboard/order/${orderId}`);
  await expect(
    ownerAr.getByRole('region', { name: messagesAr.shipping.deliveryPanel }).getByText(tracking),
  ).toBeVisible();
  await keepScreenshot(ownerAr, testInfo, 'order-delivered-admin-ar-390');
  await ownerAr.goto('/dashboard');
  await expect(ownerAr.getByText(messagesAr.shipping.cashWithCouriers, { exact: true })).toBeVisible();
  await keepScreenshot(ownerAr, testInfo, 'dashboard-ar-390');
  await ownerAr.setViewportSize({ width: 1366, height: 900 });
  await keepScreenshot(ownerAr, testInfo, 'dashboard-ar-1366');
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await ownerPage.goto(`/dashboard/order/${orderId}`);
  await expect(panel.getByText(tracking)).toBeVisible();
  await keepScreenshot(ownerPage, testInfo, 'order-delivered-admin-en-390');
});
