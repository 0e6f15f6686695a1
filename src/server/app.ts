import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { adminCategoriesRoutes } from './admin/categories-routes';
import { adminProductsRoutes } from './admin/products-routes';
import { authRoutes } from './auth/routes';
import { backupRoutes } from './backup/routes';
import { createBroadcast } from './broadcast';
import { createSharedState } from './shared-state';
import { signInThrottle } from './auth/sign-in-throttle';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/client';
import { dashboardRoutes } from './dashboard/routes';
import { ShopEvents } from './events';
import { absoluteUrl, withAbsoluteUrls } from './storage/public-url';
import type { ObjectStore } from './storage/types';
import { filesRoutes } from './files/routes';
import { healthRoutes } from './health/routes';
import { orphanSweeper } from './images/sweeper';
import type { UrlSigner } from './files/signing';
import { authGuard } from './plugins/auth-guard';
import { cartRoutes } from './cart/routes';
import { catalogFirstScreen } from './catalog/first-screen';
import { createListingIndexKeeper } from './catalog/listing-index-keeper';
import { createCatalogReadModel } from './catalog/read-model';
import { catalogRoutes } from './catalog/routes';
import { createCatalogService } from './catalog/service';
import { loggingOptions } from './logging';
import { Mailer, type MailOverrides } from './mail/mailer';
import { answerHeaders } from './plugins/answer-headers';
import { answerSerializerCompiler } from './plugins/answer-serializer';
import { crossOrigin } from './plugins/cross-origin';
import { clientErrors, errorHandler, frameworkErrors } from './plugins/errors';
import { requestLanguage } from './plugins/language';
import { orderRoutes } from './orders/routes';
import { createOrderService } from './orders/service';
import { createBostaAdapter, createBostaWebhook } from './couriers/bosta';
import { BOSTA_CREATE_JOB, createBostaShipping } from './couriers/bosta-shipping';
import { courierRoutes } from './couriers/routes';
import { createJobRunner, type JobRunnerOptions } from './jobs/queue';
import { createConfirmationService } from './confirmation/service';
import { confirmationRoutes } from './confirmation/routes';
import { NO_ANSWER_JOB } from './confirmation/queries';
import { createWhatsAppClient } from './whatsapp/cloud-api';
import { WhatsAppMessages } from './whatsapp/messages';
import { createWhatsAppSender, type WhatsAppSenderOptions } from './whatsapp/sender';
import { deliveryRoutes } from './delivery/routes';
import { createDeliveryService } from './delivery/service';
import { apiDocs } from './plugins/docs';
import { rateLimiting } from './plugins/rate-limit';
import { securityHeaders } from './plugins/security';
import { uploadsRoutes } from './plugins/uploads';
import { webAppRoutes } from './plugins/web-app';
import { seoPageHeads } from './seo/pages';
import { seoRoutes } from './seo/routes';
import { defaultSettings } from './settings/defaults';
import { pageSettingsOf, policyPageOf, publicSettingsOf } from './settings/pages';
import { settingsRoutes } from './settings/routes';
import { createSettingsStore } from './settings/store';

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Product and category images, and payment proofs under `private/`. */
  store: ObjectStore;
  /** Signs and checks the expiring links to private files (payment proofs). */
  signer: UrlSigner;
  /** Where log lines go instead of standard output (tests read them). */
  logDestination?: { write(line: string): void };
  /** Tests: another mail transport, shorter waits for the mail worker. */
  mail?: MailOverrides;
  /**
   * Start building the listing index at once (the served shop), so the first shoppers do not wait
   * for it. Left out, it is built when the listing is first asked: a test that fills the database
   * after building its app then sees what it filled.
   */
  buildListingIndexNow?: boolean;
  /** Tests: how soon the job runner looks for due jobs and retries them, and its clock. */
  jobs?: Pick<JobRunnerOptions, 'pollMs' | 'backoff' | 'maxAttempts' | 'leaseMs' | 'clock'>;
  /** Tests: the WhatsApp sender's waits and clock (issue 37), or no sender started at all. */
  whatsapp?: Pick<WhatsAppSenderOptions, 'pollMs' | 'backoff' | 'maxAttempts' | 'leaseMs' | 'clock'> & {
    startSender?: boolean;
  };
  /** Tests: how long a call to a courier may take before it is given up (15 seconds by default). */
  courierTimeoutMs?: number;
  /** Tests: the clock of the one-use backup links and the sign-in slow-down, moved by hand. */
  clock?: () => number;
}

/** Builds the whole application without listening, so tests `inject` requests into the real thing. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, tokens } = deps;
  const store = withAbsoluteUrls(deps.store, config.PUBLIC_URL);
  const signer: UrlSigner = {
    ...deps.signer,
    sign: (key, ttlSeconds) => absoluteUrl(deps.signer.sign(key, ttlSeconds), config.PUBLIC_URL),
  };
  const app = Fastify({
    ...loggingOptions(config, deps.logDestination),
    trustProxy: config.TRUST_PROXY,
    // Ids in paths are UUIDs and slugs; nothing legitimate comes near this.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);

  const events = new ShopEvents((error, event) =>
    app.log.error({ err: error, event }, 'event listener failed'),
  );
  app.decorate('events', events);
  // One connection to the other processes, shared by the catalogue's cache and the settings.
  const broadcast = createBroadcast({
    redisUrl: config.REDIS_URL,
    database,
    onError: (error) => app.log.warn({ err: error }, 'change broadcast unreachable'),
  });
  const listingIndex = createListingIndexKeeper({ db: database.db, log: app.log });
  const readModel = await createCatalogReadModel({ events, broadcast, log: app.log, follower: listingIndex });
  if (deps.buildListingIndexNow) listingIndex.build();
  const settings = await createSettingsStore({
    db: database.db,
    broadcast,
    defaults: defaultSettings(config),
    log: app.log,
  });
  // Before the database closes (its owner closes it after the app): a listening connection left open
  // would keep the process, and a test's database, alive.
  app.addHook('onClose', async () => {
    await readModel.close();
    await listingIndex.close();
    await broadcast.close();
  });
  const catalog = { db: database.db, store, events, readModel, listingIndex };
  const now = deps.clock ?? Date.now;
  // Shared by every process of the shop when REDIS_URL is set, as the rate limits are.
  const state = createSharedState({
    redisUrl: config.REDIS_URL,
    now,
    onError: (error) => app.log.warn({ err: error }, 'shared state store unreachable'),
  });
  app.addHook('onClose', async () => state.close());

  await app.register(errorHandler, { database });
  // Before every other hook (a rate limit's 429 is said in the caller's language too).
  await app.register(requestLanguage);
  await app.register(answerHeaders);
  // Cross-cutting plugins come before any route: rate limits, docs and hooks attach to routes as they are added.
  await app.register(securityHeaders, { S3_PUBLIC_URL: config.S3_PUBLIC_URL, PUBLIC_URL: config.PUBLIC_URL });
  await app.register(crossOrigin, { origins: config.CORS_ORIGINS });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(rateLimiting, {
    RATE_LIMIT_PER_MINUTE: config.RATE_LIMIT_PER_MINUTE,
    RATE_LIMIT_ALLOW_LIST: config.RATE_LIMIT_ALLOW_LIST,
    REDIS_URL: config.REDIS_URL,
  });
  // Registered once for every feature; reading the parts is each route's own business.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 30 } });
  await app.register(apiDocs, { shopName: config.SHOP_NAME });
  await app.register(authGuard, { db: database.db, tokens });

  // WhatsApp Business (issue 37): its messages go through the outbox beside the e-mails.
  const whatsappClient =
    config.WHATSAPP_TOKEN &&
    config.WHATSAPP_PHONE_NUMBER_ID &&
    config.WHATSAPP_APP_SECRET &&
    config.WHATSAPP_VERIFY_TOKEN
      ? createWhatsAppClient({
          token: config.WHATSAPP_TOKEN,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
          apiUrl: config.WHATSAPP_API_URL,
        })
      : null;
  const whatsappSender = whatsappClient
    ? createWhatsAppSender({ db: database.db, client: whatsappClient, log: app.log, ...deps.whatsapp })
    : null;
  const whatsappMessages = whatsappSender
    ? new WhatsAppMessages({
        settings,
        wake: () => whatsappSender.wake(),
        ...(deps.whatsapp?.clock ? { clock: deps.whatsapp.clock } : {}),
      })
    : null;

  // The outbox's workers send from the moment the app is ready until it closes.
  const mail = new Mailer(config, database.db, app.log, settings, deps.mail, whatsappMessages);
  app.addHook('onReady', async () => {
    if (mail.startsWorker) mail.worker.start();
    if (whatsappSender && deps.whatsapp?.startSender !== false) whatsappSender.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([mail.worker.stop(), whatsappSender?.stop()]);
  });

  await app.register(healthRoutes, { database, listingIndex });

  await app.register(authRoutes, {
    prefix: '/api/auth',
    db: database.db,
    tokens,
    attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    mail,
    throttle: signInThrottle(state, now),
  });

  await app.register(catalogRoutes, catalog);
  await app.register(adminProductsRoutes, { db: database.db, store, events });
  await app.register(adminCategoriesRoutes, { db: database.db, store, events });
  await app.register(dashboardRoutes, {
    db: database.db,
    store,
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
  });
  await app.register(backupRoutes, { database, store, dataDir: config.DATA_DIR, signer, state, now });
  await app.register(cartRoutes, { db: database.db, store });
  const couriers = {
    bosta: {
      configured: Boolean(config.BOSTA_API_KEY && config.BOSTA_WEBHOOK_SECRET),
      webhookUrl: absoluteUrl('/api/couriers/bosta/webhook', config.PUBLIC_URL),
    },
  };
  const whatsappBusiness = {
    configured: whatsappClient !== null,
    webhookUrl: absoluteUrl('/api/whatsapp/webhook', config.PUBLIC_URL),
  };
  await app.register(settingsRoutes, { settings, store, connections: { couriers, whatsappBusiness } });
  const orderService = createOrderService({
    db: database.db,
    store,
    signProofLink: (key) => signer.sign(key, config.PROOF_LINK_TTL_SECONDS),
    events,
    mail,
    settings,
    ...(deps.jobs?.clock ? { clock: deps.jobs.clock } : {}),
  });
  await app.register(orderRoutes, { service: orderService });
  const confirmation = createConfirmationService({
    db: database.db,
    orders: orderService,
    settings,
    events,
    whatsappConfigured: whatsappClient !== null,
    ...(deps.jobs?.clock ? { clock: deps.jobs.clock } : {}),
  });
  await app.register(confirmationRoutes, {
    confirmation,
    whatsapp:
      config.WHATSAPP_APP_SECRET && config.WHATSAPP_VERIFY_TOKEN && whatsappClient
        ? { appSecret: config.WHATSAPP_APP_SECRET, verifyToken: config.WHATSAPP_VERIFY_TOKEN }
        : null,
  });
  const delivery = createDeliveryService({ db: database.db, orders: orderService, mail });
  await app.register(deliveryRoutes, { db: database.db, settings, delivery });
  const bostaAdapter =
    config.BOSTA_API_KEY && config.BOSTA_WEBHOOK_SECRET
      ? createBostaAdapter({
          apiKey: config.BOSTA_API_KEY,
          baseUrl: config.BOSTA_BASE_URL,
          ...(deps.courierTimeoutMs ? { timeoutMs: deps.courierTimeoutMs } : {}),
        })
      : null;
  // The calls out (Bosta's deliveries) run from the moment the app is ready until it closes.
  const runner = createJobRunner({
    db: database.db,
    // Read when a job runs, by then `bosta` is made.
    handlers: {
      [BOSTA_CREATE_JOB]: (job) => bosta.runCreate(job),
      [NO_ANSWER_JOB]: (job) => confirmation.runNoAnswer(job),
    },
    log: app.log,
    onOutcome: (outcome) => bosta.recordOutcome(outcome),
    ...deps.jobs,
  });
  const bosta = createBostaShipping({
    db: database.db,
    delivery,
    adapter: bostaAdapter,
    webhook: createBostaWebhook(config.BOSTA_WEBHOOK_HEADER),
    webhookSecret: config.BOSTA_WEBHOOK_SECRET,
    wakeJobs: () => runner.wake(),
  });
  app.addHook('onReady', async () => {
    runner.start();
  });
  app.addHook('onClose', async () => runner.stop());
  await app.register(courierRoutes, {
    db: database.db,
    bosta,
    couriers,
  });
  await app.register(filesRoutes, { store, signer });
  await app.register(orphanSweeper, { db: database.db, store });

  await app.register(uploadsRoutes, { store });
  const catalogService = createCatalogService(catalog);
  // The shop as search engines and shared links name it, from the owner's settings at each request.
  const seoShop = async () => {
    const record = await settings.current();
    const shown = publicSettingsOf(store, record);
    return {
      name: record.settings.shopName.en,
      nameAr: record.settings.shopName.ar,
      logo: shown.logo?.url,
      socialLinks: Object.values(record.settings.social).filter((link): link is string => Boolean(link)),
    };
  };
  await app.register(seoRoutes, {
    db: database.db,
    store,
    catalog: catalogService,
    publicUrl: config.PUBLIC_URL,
    shop: seoShop,
  });
  // Last: its catch-all answers index.html for any GET that no route above claimed.
  await app.register(webAppRoutes, {
    distDir: config.WEB_DIST_DIR,
    firstScreen: catalogFirstScreen(
      catalogService,
      async () => publicSettingsOf(store, await settings.current()).heroImage,
    ),
    pageHead: seoPageHeads({
      catalog: catalogService,
      shop: seoShop,
      policyPageTexts: (page, language) => policyPageOf(settings, page, language),
    }),
    publicUrl: config.PUBLIC_URL,
    pageSettings: async () => pageSettingsOf(store, await settings.current()),
  });

  return app;
}
