import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Queryable } from '../../core/database';
import { STAND_IN_INVOICE_PATH } from '../../http/security-headers';
import { standInInvoices, standInMessages } from '../../infra/schema';
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
} from '../../infra/bot-gateway';

export { STAND_IN_INVOICE_PATH };
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
    await this.db.orm.insert(standInMessages).values({ chatId, text, buttons, photoUrl: options.photoUrl ?? null });
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
    await this.db.orm.insert(standInMessages).values([
      { chatId, text: caption, buttons: [], album: pictures.map((p) => ({ x1: p.x1, x2: p.x2 })) },
      { chatId, text: follow.text, buttons: follow.buttons, album: null },
    ]);
    return true;
  }

  /** editMessageText: only a message of that chat changes (an id from another chat edits nothing). */
  async editMessage(message: PressedMessage, text: string, buttons: BotButton[][]): Promise<void> {
    await this.db.orm
      .update(standInMessages)
      .set({ text, buttons })
      .where(and(eq(standInMessages.id, message.messageId), eq(standInMessages.chatId, message.chatId)));
  }

  /** A message of this chat as a press sees it: its text and buttons now (nothing of another chat's). */
  async pressedMessage(chatId: number, messageId: number): Promise<PressedMessage> {
    const [row] = await this.db.orm
      .select({ text: standInMessages.text, buttons: standInMessages.buttons })
      .from(standInMessages)
      .where(and(eq(standInMessages.id, messageId), eq(standInMessages.chatId, chatId)));
    return row ? { chatId, messageId, ...row } : { chatId, messageId };
  }

  async messagesFor(chatId: number): Promise<SentMessage[]> {
    const rows = await this.db.orm
      .select()
      .from(standInMessages)
      .where(eq(standInMessages.chatId, chatId))
      .orderBy(desc(standInMessages.id))
      .limit(SHOWN_PER_CHAT);
    rows.reverse();
    return rows.map((r) => ({
      id: r.id,
      chatId,
      text: r.text,
      buttons: r.buttons,
      at: r.sentAt.getTime(),
      ...(r.photoUrl ? { photoUrl: r.photoUrl } : {}),
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
    await this.db.orm.insert(standInInvoices).values({
      slug,
      payload: invoice.payload,
      title: invoice.title,
      description: invoice.description,
      currency: 'XTR',
      amount: invoice.amount,
      subscriptionPeriod: invoice.subscriptionPeriod ?? null,
    });
    return `${this.publicBase}${STAND_IN_INVOICE_PATH}${slug}`;
  }

  async findInvoice(slug: string): Promise<StandInInvoice | null> {
    const { currency, createdAt, ...invoiceColumns } = getTableColumns(standInInvoices);
    const [row] = await this.db.orm.select(invoiceColumns).from(standInInvoices).where(eq(standInInvoices.slug, slug));
    return row ?? null;
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
