import { randomBytes } from 'node:crypto';
import type { Queryable } from '../core/database';
import type { InlineQueryResult, PreparedInlineMessage } from 'grammy/types';
import type {
  BotButton,
  BotGateway,
  BotPicture,
  PreparedChats,
  PressedMessage,
  SendOptions,
  SentMessage,
  StarsHandlers,
  StarsInvoice,
} from './gateway';

export const STAND_IN_INVOICE_PATH = '/dev/telegram/invoice/';
export const STAR_SUBSCRIPTION_CANCELLED = 'Подписка за Telegram Stars отменена';
export const STAR_REFUND_SENT = 'Звёзды возвращены';

export interface StandInInvoice {
  slug: string;
  payload: string;
  title: string;
  description: string;
  amount: number;
  subscriptionPeriod: number | null;
}

/** A message the bot prepared for a Mini App's user to share (savePreparedInlineMessage), as the stand-in keeps it. */
export interface StandInPreparedMessage {
  id: string;
  userId: number;
  result: InlineQueryResult;
  chats: PreparedChats;
  /** Unix seconds, as Telegram's `expiration_date`. */
  expirationDate: number;
}

/** How long a prepared message can be sent: a day, after which the Mini App prepares a new one. */
const PREPARED_TTL_SECONDS = 24 * 3600;
/** Prepared messages the stand-in remembers (the oldest go first): a share is sent right after it is prepared. */
const PREPARED_KEPT = 1_000;

/** Messages shown per chat on the stand-in page (older ones stay until the cleanup). */
const SHOWN_PER_CHAT = 500;

/**
 * Telegram without Telegram: deep links open the /dev/telegram page of this server, and every message the bot would
 * send is written to `stand_in_messages`, so that page (on any instance) and tests can show what the worker sent.
 */
export class OfflineBot implements BotGateway {
  readonly mode = 'offline' as const;

  constructor(
    private readonly db: Queryable,
    private readonly publicBase: string,
    /** TELEGRAM_OFFLINE_SEND_DELAY_MS: pretend Telegram takes this long per message (crash tests of a batch). */
    private readonly sendDelayMs = 0,
  ) {}

  deepLink(token: string): string {
    return `${this.publicBase}/dev/telegram?start=${encodeURIComponent(token)}`;
  }

  webFallbackLink(token: string): string {
    return this.deepLink(token);
  }

  async sendMessage(chatId: number, text: string, buttons: BotButton[][] = [], options: SendOptions = {}): Promise<void> {
    if (this.sendDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.sendDelayMs));
    await this.db.query('INSERT INTO stand_in_messages (chat_id, text, buttons, photo_url) VALUES ($1, $2, $3::jsonb, $4)', [
      chatId,
      text,
      JSON.stringify(buttons),
      options.photoUrl ?? null,
    ]);
  }

  /**
   * Telegram takes an album of 2–10 pictures; the stand-in keeps it as one message (the pictures' 1x/2x paths and
   * the caption), then the buttons' message. No picture, no album: the caller sends its text alone.
   */
  async sendAlbum(
    chatId: number,
    pictures: BotPicture[],
    caption: string,
    follow: { text: string; buttons: BotButton[][] },
  ): Promise<boolean> {
    if (pictures.length === 0) return false;
    if (this.sendDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.sendDelayMs));
    // One statement: a worker killed mid-send leaves the album with its buttons or neither (crash tests count albums).
    await this.db.query(
      `INSERT INTO stand_in_messages (chat_id, text, buttons, album) VALUES ($1, $2, '[]'::jsonb, $3::jsonb), ($1, $4, $5::jsonb, NULL)`,
      [chatId, caption, JSON.stringify(pictures.map((p) => ({ x1: p.x1, x2: p.x2 }))), follow.text, JSON.stringify(follow.buttons)],
    );
    return true;
  }

  /** editMessageText: only a message of that chat changes (an id from another chat edits nothing). */
  async editMessage(message: PressedMessage, text: string, buttons: BotButton[][]): Promise<void> {
    await this.db.query('UPDATE stand_in_messages SET text = $3, buttons = $4::jsonb WHERE id = $1 AND chat_id = $2', [
      message.messageId,
      message.chatId,
      text,
      JSON.stringify(buttons),
    ]);
  }

  /** A message of this chat as a press sees it: its text and buttons now (nothing of another chat's). */
  async pressedMessage(chatId: number, messageId: number): Promise<PressedMessage> {
    const { rows } = await this.db.query<{ text: string; buttons: BotButton[][] }>(
      'SELECT text, buttons FROM stand_in_messages WHERE id = $1 AND chat_id = $2',
      [messageId, chatId],
    );
    return rows[0] ? { chatId, messageId, text: rows[0].text, buttons: rows[0].buttons } : { chatId, messageId };
  }

  async messagesFor(chatId: number): Promise<SentMessage[]> {
    const { rows } = await this.db.query<{
      id: number;
      text: string;
      buttons: BotButton[][];
      photo_url: string | null;
      album: Array<{ x1: string; x2: string }> | null;
      at: number;
    }>(
      `SELECT id, text, buttons, photo_url, album, (extract(epoch FROM sent_at) * 1000)::float8 AS at
         FROM (SELECT * FROM stand_in_messages WHERE chat_id = $1 ORDER BY id DESC LIMIT ${SHOWN_PER_CHAT}) last ORDER BY id`,
      [chatId],
    );
    return rows.map((r) => ({
      id: r.id,
      chatId,
      text: r.text,
      buttons: r.buttons,
      at: Math.round(r.at),
      ...(r.photo_url ? { photoUrl: r.photo_url } : {}),
      ...(r.album ? { album: r.album } : {}),
    }));
  }

  /** Who answers the stand-in's pre_checkout_query and successful_payment: the same handlers as the real bot's. */
  stars: StarsHandlers | null = null;

  setStarsHandlers(handlers: StarsHandlers): void {
    this.stars = handlers;
  }

  /** The invoice is kept in the database; its page (/dev/telegram/invoice/{slug}) pays it with «Оплатить ⭐». */
  async createInvoiceLink(invoice: StarsInvoice): Promise<string> {
    const slug = randomBytes(12).toString('base64url');
    await this.db.query(
      `INSERT INTO stand_in_invoices (slug, payload, title, description, currency, amount, subscription_period) VALUES ($1, $2, $3, $4, 'XTR', $5, $6)`,
      [slug, invoice.payload, invoice.title, invoice.description, invoice.amount, invoice.subscriptionPeriod ?? null],
    );
    return `${this.publicBase}${STAND_IN_INVOICE_PATH}${slug}`;
  }

  async findInvoice(slug: string): Promise<StandInInvoice | null> {
    const { rows } = await this.db.query<StandInInvoice & { subscription_period: number | null }>(
      'SELECT slug, payload, title, description, amount, subscription_period FROM stand_in_invoices WHERE slug = $1',
      [slug],
    );
    const row = rows[0];
    return row
      ? {
          slug: row.slug,
          payload: row.payload,
          title: row.title,
          description: row.description,
          amount: row.amount,
          subscriptionPeriod: row.subscription_period,
        }
      : null;
  }

  /** As Telegram shows it in the user's chat: a service line (the stand-in page and tests read it). */
  async editUserStarSubscription(userId: number, chargeId: string, isCanceled: boolean): Promise<void> {
    await this.sendMessage(userId, `${isCanceled ? STAR_SUBSCRIPTION_CANCELLED : 'Подписка за Telegram Stars возобновлена'} (${chargeId})`);
  }

  async refundStarPayment(userId: number, chargeId: string): Promise<void> {
    await this.sendMessage(userId, `${STAR_REFUND_SENT} (${chargeId})`);
  }

  private readonly prepared = new Map<string, StandInPreparedMessage>();

  /**
   * Bot API savePreparedInlineMessage with Telegram's answer ({id, expiration_date}) and its refusals of a malformed
   * call. Kept in this process's memory only: the stand-in runs as one process in development and tests.
   */
  async savePreparedInlineMessage(userId: number, result: InlineQueryResult, chats: PreparedChats): Promise<PreparedInlineMessage> {
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error('Bad Request: USER_ID_INVALID');
    const idBytes = Buffer.byteLength(result.id);
    if (idBytes < 1 || idBytes > 64) throw new Error('Bad Request: RESULT_ID_INVALID');
    if (!chats.users && !chats.bots && !chats.groups && !chats.channels) throw new Error('Bad Request: PEER_TYPES_INVALID');
    const id = randomBytes(12).toString('base64url');
    const expirationDate = Math.floor(Date.now() / 1000) + PREPARED_TTL_SECONDS;
    if (this.prepared.size >= PREPARED_KEPT) this.prepared.delete(this.prepared.keys().next().value!);
    this.prepared.set(id, { id, userId, result, chats, expirationDate });
    return { id, expiration_date: expirationDate };
  }

  /** What Telegram would put in the chat for this prepared message id; null once unknown or expired. */
  preparedMessage(id: string): StandInPreparedMessage | null {
    const message = this.prepared.get(id);
    return message && message.expirationDate > Date.now() / 1000 ? message : null;
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}
