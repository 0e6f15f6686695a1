import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@/shared/language';
import { inLanguage } from '@/shared/localized';
import { format } from '@/shared/messages';
import { mail as mailTexts } from '@/shared/messages/mail';
import type { OrderDto } from '@/shared/schemas/order';
import type { ShopSettings } from '@/shared/schemas/settings';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import {
  newOrderNotice,
  orderPlacedMail,
  passwordResetMail,
  shippedMail,
  statusChangedMail,
  type ShippedFacts,
  type ShopIdentity,
  type StatusChangeFacts,
} from './compose';
import { enqueueMail } from './outbox';
import type { WhatsAppMessages } from '../whatsapp/messages';
import { fileTransport, smtpTransport, type MailTransport } from './transport';
import { OutboxWorker, type OutboxWorkerOptions } from './worker';

export function mailFrom(config: Pick<Config, 'MAIL_FROM' | 'SHOP_NAME' | 'PUBLIC_URL'>): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `"${config.SHOP_NAME.replaceAll('"', '')}" <no-reply@${host}>`;
}

export function mailOutboxDir(dataDir: string): string {
  return resolve(dataDir, 'outbox');
}

/** The start-up log's line on where e-mails go. */
export function describeMailDelivery(config: Config): string {
  if (!config.SMTP_URL) return format(mailTexts.fileDelivery, { dir: mailOutboxDir(config.DATA_DIR) });
  return format(mailTexts.smtpDelivery, { host: new URL(config.SMTP_URL).host, from: mailFrom(config) });
}

/** For tests: another transport, shorter waits, or no worker at all (a process that died before sending). */
export interface MailOverrides {
  transport?: MailTransport;
  worker?: Partial<OutboxWorkerOptions>;
  startWorker?: boolean;
}

/**
 * Writes the shop's e-mails into the outbox inside the caller's transaction, and owns the worker that
 * sends them; `committed()` after that transaction wakes the worker instead of waiting for its poll.
 */
export class Mailer {
  readonly worker: OutboxWorker;
  readonly startsWorker: boolean;
  private readonly baseUrl: string;
  private readonly shopEmail: string | undefined;

  /**
   * `settings`: the shop's name and wallet as the owner set them when each e-mail is written.
   * `whatsapp`: the shop's WhatsApp messages, written beside the e-mails (issue 37); null when WhatsApp
   * Business is not configured.
   */
  constructor(
    config: Config,
    db: Db,
    log: FastifyBaseLogger,
    private readonly settings: { current(tx?: DbOrTx): Promise<{ settings: ShopSettings }> },
    overrides: MailOverrides = {},
    private readonly whatsapp: WhatsAppMessages | null = null,
  ) {
    const from = mailFrom(config);
    const transport =
      overrides.transport ??
      (config.SMTP_URL
        ? smtpTransport(config.SMTP_URL, from)
        : fileTransport(mailOutboxDir(config.DATA_DIR), from));
    this.worker = new OutboxWorker(db, transport, log, overrides.worker);
    this.startsWorker = overrides.startWorker ?? true;
    this.baseUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    this.shopEmail = config.SHOP_EMAIL;
  }

  /** The shop's name (in the reader's language) and wallet as the owner set them when the e-mail is written. */
  private async shop(tx: DbOrTx, language: Language): Promise<ShopIdentity> {
    const { settings } = await this.settings.current(tx);
    return {
      name: inLanguage(settings.shopName, language),
      walletNumber: settings.walletNumber,
      baseUrl: this.baseUrl,
    };
  }

  /** The shopper's confirmation in the order's language and, with SHOP_EMAIL, the owner's notice. */
  /** With WhatsApp, an order awaiting confirmation asks for it there too, after the owner's delay. */
  async orderPlaced(tx: DbOrTx, order: OrderDto, language: Language): Promise<void> {
    await enqueueMail(tx, [
      orderPlacedMail(await this.shop(tx, language), order, language),
      ...(this.shopEmail ? [newOrderNotice(this.shopEmail, order)] : []),
    ]);
    await this.whatsapp?.confirmation(tx, order, language);
  }

  /** `phone`: the order's, for the WhatsApp message beside the e-mail. */
  async statusChanged(tx: DbOrTx, change: StatusChangeFacts & { phone?: string }): Promise<void> {
    await enqueueMail(tx, [statusChangedMail(await this.shop(tx, change.language), change)]);
    if (change.phone) await this.whatsapp?.statusChanged(tx, { ...change, phone: change.phone });
  }

  async shipped(tx: DbOrTx, facts: ShippedFacts & { phone?: string }): Promise<void> {
    await enqueueMail(tx, [shippedMail(await this.shop(tx, facts.language), facts)]);
    if (facts.phone) await this.whatsapp?.shipped(tx, { ...facts, phone: facts.phone });
  }

  async passwordReset(
    tx: DbOrTx,
    account: { email: string; name: string },
    token: string,
    language: Language,
  ): Promise<void> {
    await enqueueMail(tx, [passwordResetMail(await this.shop(tx, language), account, token, language)]);
  }

  committed(): void {
    this.worker.wake();
    this.whatsapp?.committed();
  }
}
