import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${port}`;
/** Where the cross-origin journey serves its own little client page from. */
export const clientOrigin = (serverPort: number) => `http://127.0.0.1:${serverPort + 1}`;

/** Where the Bosta journey's local Bosta listens (e2e/bosta.spec.ts starts it), and what it takes. */
export const journeyBosta = (serverPort: number) => ({
  url: `http://127.0.0.1:${serverPort + 2}`,
  port: serverPort + 2,
  apiKey: 'e2e-bosta-api-key',
  webhookSecret: 'e2e-bosta-webhook-secret-0123',
});

/**
 * Where the confirmation journey's local WhatsApp Business (Meta's Graph API) listens
 * (e2e/confirmation.spec.ts starts it), and the secrets the shop and it share.
 */
export const journeyWhatsApp = (serverPort: number) => ({
  url: `http://127.0.0.1:${serverPort + 3}`,
  port: serverPort + 3,
  token: 'e2e-whatsapp-access-token',
  phoneNumberId: '106540352242922',
  appSecret: 'e2e-whatsapp-app-secret-0123',
  verifyToken: 'e2e-whatsapp-verify-token-0123',
});

/** The journeys' server: the real one on 127.0.0.1, on a fresh embedded database of its own. */
export function journeyServerEnv(serverPort: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Journeys register several users from one address within a minute.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    // Every image URL absolute, as a shop behind its own domain answers them, and one other origin
    // allowed to use the API from a browser.
    PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
    CORS_ORIGINS: clientOrigin(serverPort),
    // A courier to send to: the local Bosta the Bosta journey starts.
    BOSTA_API_KEY: journeyBosta(serverPort).apiKey,
    BOSTA_BASE_URL: journeyBosta(serverPort).url,
    BOSTA_WEBHOOK_SECRET: journeyBosta(serverPort).webhookSecret,
    // WhatsApp Business: the local Graph API the confirmation journey starts.
    WHATSAPP_TOKEN: journeyWhatsApp(serverPort).token,
    WHATSAPP_PHONE_NUMBER_ID: journeyWhatsApp(serverPort).phoneNumberId,
    WHATSAPP_APP_SECRET: journeyWhatsApp(serverPort).appSecret,
    WHATSAPP_VERIFY_TOKEN: journeyWhatsApp(serverPort).verifyToken,
    WHATSAPP_API_URL: journeyWhatsApp(serverPort).url,
  };
}

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'nour-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 1366, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  outputDir: 'test-results/e2e',
  webServer: {
    // The server as production runs it: compiled to plain JavaScript (a second's work for esbuild).
    command: 'node scripts/build-server.mjs && node --enable-source-maps dist/server/main.js',
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: journeyServerEnv(port, dataDir),
  },
});
