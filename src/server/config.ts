import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_LOW_STOCK_THRESHOLD, MAX_STOCK } from '@/shared/constants';
import { whatsappDigits } from '@/shared/whatsapp';
import { DEFAULT_IMAGE_QUEUE } from './images/queue';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Whether `value` is an origin as a browser sends it in `Origin`: scheme, host and port, nothing after. */
function isOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
}

/** A comma-separated list, each entry trimmed, empty ones dropped. */
const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/** A count of server processes: a whole number, or `auto` for one per core of this machine. */
const processCount = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return 1;
    if (value === 'auto') return availableParallelism();
    const count = /^\d+$/.test(value) ? Number(value) : NaN;
    if (count >= 1 && count <= 64) return count;
    context.addIssue({ code: 'custom', message: 'must be auto or a whole number from 1 to 64' });
    return z.NEVER;
  });

/** Every setting is an environment variable, read once here; `.env.example` documents each. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  WEB_CONCURRENCY: processCount,
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h, 30m or 90s')
    .refine((value) => Number.parseInt(value, 10) > 0, 'must be more than 0, like 7d, 12h, 30m or 90s')
    .default('7d'),
  SHOP_NAME: z.string().min(1).default('Nour'),
  SHOP_WALLET_NUMBER: z
    .string()
    .regex(/^(\+2)?01[0125]\d{8}$/, 'must be an Egyptian mobile number')
    .default('01012345678'),
  /** The shop's WhatsApp, kept as the digits of its wa.me links; unset hides every WhatsApp link. */
  SHOP_WHATSAPP: optionalText.transform((value, context) => {
    if (value === undefined) return undefined;
    const digits = whatsappDigits(value);
    if (digits) return digits;
    context.addIssue({
      code: 'custom',
      message:
        'must be an Egyptian mobile number (01xxxxxxxxx) or an international one starting with + or 00',
    });
    return z.NEVER;
  }),
  SEED_DEMO: flag(true),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalText,
  ADMIN_NAME: z.string().min(3).max(15).default('Admin'),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
  ),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url('must be a URL').optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(z.url('must be a URL').optional()),
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_IMAGE_QUEUE.concurrency),
  IMAGE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(DEFAULT_IMAGE_QUEUE.maxWaiting),
  PROOF_LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  LOW_STOCK_THRESHOLD: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0)
    .max(MAX_STOCK)
    .default(DEFAULT_LOW_STOCK_THRESHOLD),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ALLOW_LIST: list.check((context) => {
    const wrong = context.value.filter((entry) => isIP(entry) === 0);
    if (wrong.length > 0) {
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: `${quoted(wrong)} ${wrong.length === 1 ? 'is no IP address' : 'are no IP addresses'}; must be IP addresses separated by commas, like 203.0.113.7,::1`,
      });
    }
  }),
  TRUST_PROXY: flag(false),
  CORS_ORIGINS: list
    .check((context) => {
      const wrong = context.value.filter((entry) => !isOrigin(entry));
      if (wrong.length > 0) {
        context.issues.push({
          code: 'custom',
          input: context.value,
          message: `${quoted(wrong)} ${wrong.length === 1 ? 'is no origin' : 'are no origins'}; must be origins like https://shop.example (scheme and host, no path), separated by commas`,
        });
      }
    })
    .transform((origins) => origins.map((entry) => new URL(entry).origin)),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be a URL like https://shop.example' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .url({ protocol: /^smtps?$/, error: 'must be a URL like smtp://user:password@host:587 or smtps://…' })
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().max(300).optional()),
  SHOP_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  // Bosta, the courier (issue 36): the API key of the business's Bosta account, its address (staging
  // for a test account), and the value of the webhook's custom header set in Bosta's dashboard.
  BOSTA_API_KEY: optionalText.pipe(z.string().max(500, 'must be at most 500 characters').optional()),
  BOSTA_BASE_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be a URL like https://app.bosta.co' })
      .transform((value) => value.replace(/\/+$/, ''))
      .default('https://app.bosta.co'),
  ),
  BOSTA_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters: anyone who guesses it can move orders')
      .max(500, 'must be at most 500 characters')
      .optional(),
  ),
  BOSTA_WEBHOOK_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name, like Authorization or X-Bosta-Secret')
      .transform((name) => name.toLowerCase())
      .default('authorization'),
  ),
  // WhatsApp Business (issue 37, Meta's Cloud API): the system user's access token, the business phone
  // number's id, the app's secret (it signs the webhook's bodies), the token Meta's verify handshake
  // repeats, and the Graph API's address (a local one in tests). All four set turn it on.
  WHATSAPP_TOKEN: optionalText.pipe(z.string().max(1000, 'must be at most 1000 characters').optional()),
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, "must be the phone number's id: digits, from WhatsApp Manager")
      .optional(),
  ),
  WHATSAPP_APP_SECRET: optionalText.pipe(
    z.string().min(16, "must be the app's secret, from the app's Basic settings").max(200).optional(),
  ),
  WHATSAPP_VERIFY_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters: anyone who guesses it can subscribe a webhook')
      .max(200, 'must be at most 200 characters')
      .optional(),
  ),
  WHATSAPP_API_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be a URL like https://graph.facebook.com' })
      .transform((value) => value.replace(/\/+$/, ''))
      .default('https://graph.facebook.com'),
  ),
  BACKUP_DIR: optionalText,
  BACKUP_EVERY_HOURS: optionalText.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of hours, like 24 or 0.5')
      .transform(Number)
      // A timer waits at most 2^31 - 1 ms (24.8 days); a longer one would fire at once, again and again.
      .pipe(z.number().positive('must be more than 0 hours').max(576, 'must be at most 576 (24 days)'))
      .optional(),
  ),
  BACKUP_KEEP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
});

export type Config = z.infer<typeof EnvSchema>;

function quoted(entries: string[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join(', ');
}

/** A setting the shop cannot start with; its message is one line per variable at fault, each naming it. */
export class ConfigError extends Error {}

/** The one line that says what is wrong with a variable. */
export function invalidVariable(variable: string, problem: string): string {
  return `Invalid environment variable ${variable}: ${problem}`;
}

function refuse(variable: string, problem: string): never {
  throw new ConfigError(invalidVariable(variable, problem));
}

/** Parses the environment; a bad value stops start-up with a message naming every variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) =>
      invalidVariable(String(issue.path[0] ?? 'environment'), issue.message),
    );
    throw new ConfigError([...new Set(lines)].join('\n'));
  }
  const config = parsed.data;
  if (config.S3_BUCKET && (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)) {
    refuse('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY', 'required when S3_BUCKET is set');
  }
  // On one machine the generated DATA_DIR/jwt-secret would be shared, but several processes are the
  // step before several machines, whose folders are not: the issue asks for the secret set by hand.
  if (serverProcesses(config) > 1 && !config.JWT_SECRET) {
    refuse(
      'JWT_SECRET',
      'required when WEB_CONCURRENCY runs more than one process (they must all sign and check sign-ins with the same secret)',
    );
  }
  if (config.BACKUP_EVERY_HOURS !== undefined && !config.BACKUP_DIR) {
    refuse('BACKUP_DIR', 'required when BACKUP_EVERY_HOURS is set (the folder the backups are written to)');
  }
  if (config.ADMIN_EMAIL && !config.ADMIN_PASSWORD) {
    refuse('ADMIN_PASSWORD', 'required when ADMIN_EMAIL is set');
  }
  return config;
}

/**
 * How many server processes serve the shop: WEB_CONCURRENCY on PostgreSQL; always one on PGlite,
 * which is one process by nature (main.ts says so when more were asked for).
 */
export function serverProcesses(config: Pick<Config, 'WEB_CONCURRENCY' | 'DATABASE_URL'>): number {
  return config.DATABASE_URL ? config.WEB_CONCURRENCY : 1;
}
