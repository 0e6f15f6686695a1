import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { baseURL, clientOrigin } from '../playwright.config';

const apiPort = Number(new URL(baseURL).port);
const clientUrl = new URL(clientOrigin(apiPort));

/**
 * A client of the specification's kind, served from an origin of its own: it signs in, reads the cart
 * with the token header (both preflighted) and shows a product's picture, all against the shop's API
 * on another origin.
 */
const clientPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>Another shop front</title></head>
<body><h1>Another shop front</h1><p id="status">loading</p><img id="picture" alt="" width="200">
<script type="module">
  const api = ${JSON.stringify(`${baseURL}/api`)};
  const status = document.getElementById('status');
  try {
    const signin = await fetch(api + '/auth/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'user@nour.shop', password: 'User1234' }),
    });
    const token = (await signin.json()).results.token;
    const cart = await (await fetch(api + '/cart', { headers: { token } })).json();
    const listing = await (await fetch(api + '/product?limit=1&page=1')).json();
    const product = listing.products[0];
    const picture = document.getElementById('picture');
    picture.alt = product.name;
    picture.onload = () => { status.textContent = 'cart ' + cart.cart.products.length + ' lines; ' + product.name; };
    picture.onerror = () => { status.textContent = 'picture failed: ' + picture.src; };
    picture.src = product.defaultImage.url;
  } catch (error) {
    status.textContent = 'failed: ' + error;
  }
</script></body></html>`;

let server: Server;
test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(clientPage);
  });
  await new Promise<void>((resolve) => server.listen(Number(clientUrl.port), clientUrl.hostname, resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a page on another origin signs in, reads the cart and shows a product picture through the API', async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await page.goto(clientUrl.href);
  await expect(page.locator('#status')).toHaveText(/^cart \d+ lines; \S/);
  const picture = page.locator('#picture');
  await expect(picture).toHaveAttribute('src', new RegExp(`^${baseURL}/uploads/`));
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(failures).toEqual([]);
});
