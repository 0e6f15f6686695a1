// Screenshots of the order desk (issue 15) at 1366 and 390 px, against the built server on a fresh data dir.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const cwd = '/work/wt/desk';
const out = '/work/wt/shots/desk';
const port = 3000 + Math.floor(Math.random() * 2000) + 4000;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'desk-shots-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn',
    JWT_SECRET: 'x'.repeat(40), RATE_LIMIT_ALLOW_LIST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => { server.kill('SIGTERM'); };
try {
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {}
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const json = async (method, path, token, body) => {
    const res = await fetch(`${base}/api${path}`, { method, headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const signin = (email, password) => json('POST', '/auth/signin', null, { email, password });
  const user = await signin('user@nour.shop', 'User1234');
  const admin = await signin('admin@nour.shop', 'Admin123');
  const products = (await json('GET', '/product?page=1&limit=40&availability=inStock')).products;
  const proof = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#dfe8f0' } })
    .composite([{ input: Buffer.from('<svg width="600" height="900"><rect x="40" y="60" width="520" height="120" fill="#5b3fd1"/><text x="60" y="140" font-size="48" fill="white">InstaPay</text><text x="60" y="320" font-size="40">Transfer 1,270 EGP</text><text x="60" y="400" font-size="32">to 01012345678</text></svg>'), top: 0, left: 0 }])
    .png().toBuffer();
  const people = [['Mariam Hassan', '01012345678'], ['Omar Adel', '01123456789'], ['Salma Youssef', '01234567890'], ['Karim Nabil', '01512345678']];
  const ids = [];
  for (let i = 0; i < 6; i++) {
    const u = user.results.token;
    for (const p of products.slice(i * 2, i * 2 + 1 + (i % 3))) {
      const detail = (await json('GET', `/product/${p._id}`)).product ?? (await json('GET', `/product/${p._id}`));
      const variants = detail.variants ?? detail.results?.variants ?? [];
      const v = variants.find((x) => x.avaliableItems >= 3);
      if (variants.length && !v) continue;
      await json('POST', '/cart', u, { productId: p._id, quantity: 1 + (i % 2), ...(v ? { variantId: v._id ?? v.id } : {}) });
    }
    const form = new FormData();
    const [name, phone] = people[i % people.length];
    Object.entries({ name, phone, street: 'El Nozha Street', building: String(10 + i), floor: '3', apartment: '7', area: 'Heliopolis', city: i % 2 ? 'Giza' : 'Cairo', paymentType: i % 2 ? 'cash' : 'instapay' })
      .forEach(([k, v]) => form.append(k, v));
    if (i % 2 === 0) form.append('paymentImage', new Blob([proof], { type: 'image/png' }), 'proof.png');
    const res = await fetch(`${base}/api/order`, { method: 'POST', headers: { token: u }, body: form });
    const body = await res.json();
    if (!res.ok) throw new Error(`order: ${JSON.stringify(body)}`);
    ids.push(body.order._id);
  }
  const a = admin.results.token;
  await json('PATCH', `/order/${ids[1]}/status`, a, { status: 'confirmed', note: 'Called the customer, delivery on Thursday' });
  await json('PATCH', `/order/${ids[2]}/payment`, a, { verified: true });
  await json('PATCH', `/order/${ids[2]}/status`, a, { status: 'confirmed' });
  await json('PATCH', `/order/${ids[2]}/status`, a, { status: 'completed', note: 'Delivered to the doorman' });
  await json('PATCH', `/order/${ids[3]}/status`, a, { status: 'cancelled', note: 'Customer changed their mind' });

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const pages = [
    ['orders', '/dashboard/manage_orders'],
    ['orders-filtered', '/dashboard/manage_orders?date=7d&paymentType=instapay&proof=toCheck'],
    ['order-detail', `/dashboard/order/${ids[2]}`],
    ['order-detail-proof', `/dashboard/order/${ids[0]}`],
    ['print-invoice', `/dashboard/orders/print?ids=${ids[0]},${ids[2]}&kind=invoice`],
    ['print-slip', `/dashboard/orders/print?ids=${ids[0]}&kind=slip`],
    ['dashboard', '/dashboard'],
  ];
  for (const [width, height] of [[1366, 900], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    await context.addInitScript((s) => {
      localStorage.setItem('userToken', s.token); localStorage.setItem('userRole', s.role);
      localStorage.setItem('username', s.username); localStorage.setItem('email', s.email);
    }, { token: a, role: admin.role, username: admin.username, email: admin.email });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    for (const [name, path] of pages) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
      const wide = await page.evaluate((w) => {
        const over = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('nav'));
        return { scroll: document.documentElement.scrollWidth, over: over.slice(0, 8).map((el) => `${el.tagName}.${String(el.className?.baseVal ?? el.className).slice(0, 80)} < ${el.parentElement?.tagName}.${String(el.parentElement?.className?.baseVal ?? el.parentElement?.className).slice(0, 60)} ${Math.round(el.getBoundingClientRect().right)}`) };
      }, width);
      if (wide.scroll > width) console.log('OVERFLOW', name, width, JSON.stringify(wide));
    }
    // The dialog of a status change.
    await page.goto(`${base}/dashboard/order/${ids[0]}`);
    await page.getByRole('combobox', { name: 'Order status' }).selectOption('cancelled');
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `${out}/status-dialog-${width}.png` });
    // The print view as paper.
    if (width === 1366) {
      await page.goto(`${base}/dashboard/orders/print?ids=${ids[0]},${ids[2]}&kind=invoice`);
      await page.waitForLoadState('networkidle');
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${out}/print-media-${width}.png`, fullPage: true });
      await page.pdf({ path: `${out}/invoices.pdf`, format: 'A4' }).catch((e) => console.error('pdf', e.message));
      await page.emulateMedia({ media: 'screen' });
    }
    await context.close();
  }
  await browser.close();
  console.log('done', ids);
} finally {
  stop();
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 3000);
}
