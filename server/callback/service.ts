import type { BotGateway } from '../bot/gateway';
import type { Queryable } from '../catalog/store';
import { CALLBACK_MESSAGES, type CallbackRequest, type CallbackResponse } from '@kvarta/contract/callback';
import { SlidingWindowLimiter, TEN_MINUTES, addressKey, takeRateLimits, type RateLimit } from '../http/rate-limit';
import { insertCallback, markDelivered, markFailed, undeliveredCallbacks, type CallbackRow } from './store';

/** The managers' chat of the offline stand-in when TELEGRAM_MANAGERS_CHAT_ID is not set (shown on /dev/telegram). */
export const OFFLINE_MANAGERS_CHAT_ID = -1_000_000_000_001;

export interface CallbackServiceOptions {
  db: Queryable;
  /** Read at each delivery: the live bot or the offline stand-in. */
  bot: () => BotGateway;
  managersChatId: number | undefined;
  log: { warn: (message: string) => void; error: (message: string) => void };
  /** Per client: the user behind the token, or the IP without one. Default 5 per 10 minutes. */
  perClient?: RateLimit;
  /** Per IP whatever the token (anonymous tokens are free to mint; offices share an IP). Default 20 per 10 minutes. */
  perIp?: RateLimit;
  /** After this many failed sends a request waits for a human (it stays in the table). */
  maxAttempts?: number;
  /** How long the request waits for Telegram before answering anyway; the send goes on. */
  deliveryWaitMs?: number;
  now?: () => number;
}

export interface ClientMeta {
  userId: number | null;
  ip: string | null;
}

/** The text the managers get. Plain text: no parse mode, so nothing a visitor types is interpreted. */
export function managersMessage(row: Pick<CallbackRow, 'id' | 'userName' | 'phone' | 'cityName' | 'refererUrl' | 'extraField'>): string {
  return [
    `Заявка на обратный звонок №${row.id}`,
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
  private readonly perClient: SlidingWindowLimiter;
  private readonly perIp: SlidingWindowLimiter;
  private readonly inFlight = new Set<number>();
  /** Sent to the managers but not yet recorded as delivered (the database refused the update). */
  private readonly delivered = new Set<number>();
  private warnedNoChat = false;

  constructor(private readonly options: CallbackServiceOptions) {
    const now = options.now ?? Date.now;
    const client = options.perClient ?? { limit: 5, windowMs: TEN_MINUTES };
    const ip = options.perIp ?? { limit: 20, windowMs: TEN_MINUTES };
    this.perClient = SlidingWindowLimiter.of(client, now);
    this.perIp = SlidingWindowLimiter.of(ip, now);
  }

  /** Where requests go: the configured chat, the stand-in's chat offline, nowhere (stored only) live without a chat. */
  managersChat(): number | undefined {
    if (this.options.managersChatId !== undefined) return this.options.managersChatId;
    return this.options.bot().mode === 'offline' ? OFFLINE_MANAGERS_CHAT_ID : undefined;
  }

  async submit(request: CallbackRequest, meta: ClientMeta): Promise<CallbackResponse> {
    this.checkLimits(meta);
    const row = await insertCallback(this.options.db, request, { userId: meta.userId, clientIp: meta.ip });
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
    if (this.inFlight.has(row.id)) return false;
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
    this.inFlight.add(row.id);
    try {
      try {
        await this.options.bot().sendMessage(chatId, managersMessage(row));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.options.log.error(`заявка на звонок №${row.id} не доставлена менеджерам: ${reason}`);
        await markFailed(this.options.db, row.id, reason).catch(() => undefined);
        return false;
      }
      // Sent: a failure to record it must not make the retry send it twice. Kept from retries while
      // this process runs (below); only a restart before the record lands could repeat it.
      await markDelivered(this.options.db, row.id).catch((error: unknown) => {
        this.delivered.add(row.id);
        this.options.log.error(
          `заявка на звонок №${row.id} отправлена, но не отмечена как доставленная: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      return true;
    } finally {
      this.inFlight.delete(row.id);
    }
  }

  /** Sends what is still undelivered; returns how many went through. */
  async retryPending(): Promise<number> {
    if (this.managersChat() === undefined) return 0;
    const pending = await undeliveredCallbacks(this.options.db, this.options.maxAttempts ?? 20);
    let sent = 0;
    for (const row of pending) if (await this.deliver(row)) sent += 1;
    return sent;
  }

  /** Retries every `everyMs`; returns the stop function. */
  startRetries(everyMs: number): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.retryPending()
        .catch((error: unknown) =>
          this.options.log.error(`повтор отправки заявок не удался: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          running = false;
        });
    }, everyMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }

  private checkLimits(meta: ClientMeta): void {
    const ipKey = `ip:${addressKey(meta.ip)}`;
    const clientKey = meta.userId !== null ? `user:${meta.userId}` : ipKey;
    takeRateLimits(
      [
        [this.perClient, clientKey],
        [this.perIp, ipKey],
      ],
      CALLBACK_MESSAGES.tooMany,
    );
  }
}
