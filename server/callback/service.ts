import type { BotGateway } from '../infra/bot-gateway';
import type { Queryable } from '../core/database';
import { TEN_MINUTES, addressKey, type RateLimit } from '../infra/rate-limit';
import { CALLBACK_MESSAGES, type CallbackRequest, type CallbackResponse } from '@kvarta/contract/callback';
import { CONSENT_VERSIONS } from '@kvarta/contract/consents';
import { recordDecision } from '../consent';
import type { LimitStore } from '../infra/limits';
import { moscowTime } from '../lib/format';
import { claimCallback, insertCallback, markDelivered, markFailed, undeliveredCallbacks, type CallbackRow } from './repository';

/** The managers' chat of the offline stand-in when TELEGRAM_MANAGERS_CHAT_ID is not set (shown on /dev/telegram). */
export const OFFLINE_MANAGERS_CHAT_ID = -1_000_000_000_001;

/**
 * Call-back limits. A client is the user behind the token (an anonymous session too: the web app and the Mini App
 * always send one once the session has started); without a token only the address is known, so tokenless requests
 * from one address share one client's limit. Buyers behind a carrier's NAT share one address by the thousand, so the
 * address has only a ceiling: far above what one address's real buyers ask for (a thousand first visits in ten
 * minutes, a few per cent of them leaving a number), low enough that a script minting fresh sessions on one address
 * floods the managers' chat with at most one request every two seconds.
 */
export const CALLBACK_LIMITS = {
  perClient: { limit: 5, windowMs: TEN_MINUTES },
  perAddress: { limit: 300, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimit>;

export interface CallbackServiceOptions {
  db: Queryable;
  /** Read at each delivery: the live bot or the offline stand-in. */
  bot: () => BotGateway;
  managersChatId: number | undefined;
  log: { warn: (message: string) => void; error: (message: string) => void };
  /** Where the per-client and per-address limits are counted (shared by all instances on PostgreSQL). */
  limits: LimitStore;
  /** Per client: the user behind the token, or the address without one. Default `CALLBACK_LIMITS.perClient`. */
  perClient?: RateLimit;
  /** Per address whatever the token (anonymous tokens are free to mint). Default `CALLBACK_LIMITS.perAddress`. */
  perAddress?: RateLimit;
  /** After this many failed sends a request waits for a human (it stays in the table). */
  maxAttempts?: number;
  /** How long the request waits for Telegram before answering anyway; the send goes on. */
  deliveryWaitMs?: number;
}

export interface ClientMeta {
  userId: number | null;
  ip: string | null;
  /** Where the consent was ticked, recorded with the person's consents. */
  channel: 'web' | 'tma';
}

/**
 * The text the managers get. Plain text: no parse mode, so nothing a visitor types is interpreted. When the request was
 * left is said in Moscow time, labelled as the bot's own messages are: the chat's timestamps follow each reader's zone.
 */
export function managersMessage(
  row: Pick<CallbackRow, 'id' | 'userName' | 'phone' | 'cityName' | 'refererUrl' | 'extraField' | 'createdAt'>,
): string {
  return [
    `Заявка на обратный звонок №${row.id}`,
    `Оставлена: ${moscowTime(row.createdAt)}`,
    `Имя: ${row.userName}`,
    `Телефон: ${row.phone}`,
    row.cityName && `Город: ${row.cityName}`,
    row.extraField && `Подробности: ${row.extraField}`,
    row.refererUrl && `Страница: ${row.refererUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Call-back requests: limit, store, then tell the managers. The row is committed before the bot is
 * called, so a failed or slow send never loses a request; undelivered rows are retried by `retryPending`.
 */
export class CallbackService {
  private readonly perClient: RateLimit;
  private readonly perAddress: RateLimit;
  /** Sent to the managers but not yet recorded as delivered (the database refused the update). */
  private readonly delivered = new Set<number>();
  private warnedNoChat = false;

  constructor(private readonly options: CallbackServiceOptions) {
    this.perClient = options.perClient ?? CALLBACK_LIMITS.perClient;
    this.perAddress = options.perAddress ?? CALLBACK_LIMITS.perAddress;
  }

  /** Where requests go: the configured chat, the stand-in's chat offline, nowhere (stored only) live without a chat. */
  managersChat(): number | undefined {
    if (this.options.managersChatId !== undefined) return this.options.managersChatId;
    return this.options.bot().mode === 'offline' ? OFFLINE_MANAGERS_CHAT_ID : undefined;
  }

  async submit(request: CallbackRequest, meta: ClientMeta): Promise<CallbackResponse> {
    await this.checkLimits(meta);
    const row = await insertCallback(this.options.db, request, { userId: meta.userId, clientIp: meta.ip });
    // The ticked box is the call-back consent of the text in force: the person's consents show it, and withdrawing it there
    // deletes the requests (server/consent).
    if (meta.userId !== null) {
      await recordDecision(this.options.db, {
        userId: meta.userId,
        purpose: 'callback',
        given: true,
        version: CONSENT_VERSIONS.callback,
        channel: meta.channel,
      });
    }
    const wait = this.options.deliveryWaitMs ?? 5_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.deliver(row), new Promise((resolve) => (timer = setTimeout(resolve, wait)))]);
    clearTimeout(timer);
    return { message: CALLBACK_MESSAGES.accepted, id: row.id };
  }

  /** Sends one stored request; true when the managers got it. Never throws. */
  async deliver(row: CallbackRow): Promise<boolean> {
    const chatId = this.managersChat();
    if (chatId === undefined) {
      if (!this.warnedNoChat)
        this.options.log.warn('TELEGRAM_MANAGERS_CHAT_ID не задан: заявки на звонок сохраняются только в базе (callback_requests)');
      this.warnedNoChat = true;
      return false;
    }
    if (this.delivered.has(row.id)) {
      // Sent before; only the record is missing: try to write it again, never send again.
      if (
        await markDelivered(this.options.db, row.id).then(
          () => true,
          () => false,
        )
      )
        this.delivered.delete(row.id);
      return true;
    }
    // Claimed in the database first: another instance (or this one's retry) sending it now finds no claim to take.
    if (!(await claimCallback(this.options.db, row.id))) return false;
    try {
      await this.options.bot().sendMessage(chatId, managersMessage(row));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log.error(`заявка на звонок №${row.id} не доставлена менеджерам: ${reason}`);
      await markFailed(this.options.db, row.id, reason).catch(() => undefined);
      return false;
    }
    // Sent: a failure to record it must not make the retry send it twice. The claim keeps other instances away
    // for its minutes and this process remembers it (below); only a crash before the record lands could repeat it.
    await markDelivered(this.options.db, row.id).catch((error: unknown) => {
      this.delivered.add(row.id);
      this.options.log.error(
        `заявка на звонок №${row.id} отправлена, но не отмечена как доставленная: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return true;
  }

  /** Sends what is still undelivered; returns how many went through. */
  async retryPending(): Promise<number> {
    if (this.managersChat() === undefined) return 0;
    // Sent by this process but not recorded: their claim still keeps them out of the query below, so record them here.
    for (const id of [...this.delivered])
      if (
        await markDelivered(this.options.db, id).then(
          () => true,
          () => false,
        )
      )
        this.delivered.delete(id);
    const pending = await undeliveredCallbacks(this.options.db, this.options.maxAttempts ?? 20);
    let sent = 0;
    for (const row of pending) if (await this.deliver(row)) sent += 1;
    return sent;
  }

  private checkLimits(meta: ClientMeta): Promise<void> {
    const ipKey = `ip:${addressKey(meta.ip)}`;
    const clientKey = meta.userId !== null ? `user:${meta.userId}` : ipKey;
    return this.options.limits.take(
      [
        { scope: 'callback-client', key: clientKey, rule: this.perClient },
        { scope: 'callback-ip', key: ipKey, rule: this.perAddress },
      ],
      CALLBACK_MESSAGES.tooMany,
    );
  }
}
