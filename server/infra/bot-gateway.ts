import type { InlineQueryResult, PreparedInlineMessage } from 'grammy/types';

/** A button under a bot message: a callback (👍/👎) or a link that opens the Mini App. */
export type BotButton = { text: string; callbackData: string } | { text: string; webAppUrl: string } | { text: string; url: string };

export interface SentMessage {
  /** The stand-in's message id: its callback buttons send it back, as Telegram's callback_query.message does. */
  id: number;
  chatId: number;
  text: string;
  buttons: BotButton[][];
  at: number;
  /** A picture shown above the text (older single-photo messages). */
  photoUrl?: string;
  /** An album (sendMediaGroup): the pictures in order, 1x and 2x; the text is its caption. */
  album?: Array<{ x1: string; x2: string }>;
}

export interface SendOptions {
  photoUrl?: string;
}

/**
 * One picture of an album: what Telegram gets is the 2x raster (uploaded once, then re-sent by its file_id, kept
 * under `key`); the stand-in shows it from `x1`/`x2`, paths on this server.
 */
export interface BotPicture {
  key: string;
  x1: string;
  x2: string;
  /** The raster Telegram receives (PNG of our drawing, or an imported listing's JPEG); null: it cannot be made here. */
  load(): Promise<{ bytes: Buffer; filename: string } | null>;
}

/** The message a callback button was pressed under (Telegram's callback_query.message). */
export interface PressedMessage {
  chatId: number;
  messageId: number;
  /** Its text and inline keyboard as they are now (a batch's buttons are redrawn from them, one row at a time). */
  text?: string;
  buttons?: BotButton[][];
}

/** A press answered with a toast and, optionally, the pressed message rewritten (text and buttons) or answered. */
export interface CallbackAnswer {
  text: string;
  edit?: { text: string; buttons: BotButton[][] };
  /** A new message in the same chat, answering the pressed one (the dislike reasons of one apartment of a batch). */
  reply?: { text: string; buttons: BotButton[][] };
}

/** What a press on a callback button answers: a short toast text, or a toast plus a new look of the message. */
export type CallbackHandler = (
  data: string,
  from: { id: number; first_name: string; last_name?: string; username?: string },
  message?: PressedMessage,
) => Promise<string | CallbackAnswer>;

/** A Telegram Stars invoice (Bot API createInvoiceLink with currency XTR). */
export interface StarsInvoice {
  title: string;
  description: string;
  /** Our payment id: pre_checkout_query and successful_payment carry it back. */
  payload: string;
  amount: number;
  /** 2592000 (30 days) for a Star subscription that renews; absent for a one-time payment. */
  subscriptionPeriod?: number;
}

/** The parts of Telegram's pre_checkout_query and successful_payment we check. */
export interface PreCheckoutQuery extends Omit<RefundedStarPayment, 'chargeId'> {
  id: string;
}
export interface SuccessfulPayment extends RefundedStarPayment {
  /** Telegram's renewal of a Star subscription (not the first payment). */
  isRecurring: boolean;
  isFirstRecurring: boolean;
  /** Unix seconds: when the Star subscription's paid period ends. */
  subscriptionExpirationDate?: number;
}

/** Telegram's refunded_payment (a message's field since Bot API 7.10): Stars that went back to the payer. */
export interface RefundedStarPayment {
  fromId: number;
  currency: string;
  totalAmount: number;
  payload: string;
  chargeId: string;
}

/** How the bot's payment updates are answered (server/subscription/stars.ts). */
export interface StarsHandlers {
  /** Whether Telegram may take the money; the text explains a refusal to the payer. */
  preCheckout(query: PreCheckoutQuery): Promise<{ ok: true } | { ok: false; message: string }>;
  successfulPayment(payment: SuccessfulPayment): Promise<void>;
  refundedPayment(refund: RefundedStarPayment): Promise<void>;
}

/** Where a prepared message may go (Bot API's allow_*_chats): the share sheet lists only such chats. */
export interface PreparedChats {
  users: boolean;
  bots: boolean;
  groups: boolean;
  channels: boolean;
}

/** How the server talks to Telegram users: the real bot (grammY) or the offline stand-in. */
export interface BotGateway {
  readonly mode: 'live' | 'offline';
  /** Where the browser sends the user to resolve a login/binding token. */
  deepLink(token: string): string;
  /** The same address for Telegram's web version (spec §4 web fallback). */
  webFallbackLink(token: string): string;
  sendMessage(chatId: number, text: string, buttons?: BotButton[][], options?: SendOptions): Promise<void>;
  /**
   * An album of pictures with one caption (sendMediaGroup: no buttons can go under an album), then a short text
   * message carrying the buttons. False when no picture could be sent: the caller sends the text alone.
   */
  sendAlbum(chatId: number, pictures: BotPicture[], caption: string, follow: { text: string; buttons: BotButton[][] }): Promise<boolean>;
  /** Rewrites a message the bot sent (editMessageText with its inline keyboard). */
  editMessage(message: PressedMessage, text: string, buttons: BotButton[][]): Promise<void>;
  /** An invoice link in Telegram Stars (the Mini App opens it with openInvoice). */
  createInvoiceLink(invoice: StarsInvoice): Promise<string>;
  /** Stops (or resumes) a user's Star subscription: no more renewals. */
  editUserStarSubscription(userId: number, chargeId: string, isCanceled: boolean): Promise<void>;
  refundStarPayment(userId: number, chargeId: string): Promise<void>;
  /**
   * Bot API savePreparedInlineMessage: a message the Mini App's user (`userId`, Telegram's id) may send to a chat of
   * their choice through Telegram's share sheet (the Mini App's shareMessage with the answer's `id`).
   */
  savePreparedInlineMessage(userId: number, result: InlineQueryResult, chats: PreparedChats): Promise<PreparedInlineMessage>;
  /** Who answers pre_checkout_query and successful_payment (set once the context exists). */
  setStarsHandlers(handlers: StarsHandlers): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The bot's settings (TELEGRAM_* in config.ts). */
export interface TelegramConfig {
  /** The real token, or the public development token of the offline stand-in. */
  botToken: string;
  botUsername: string;
  /** 'live' talks to Telegram; 'offline' only verifies signatures with the token (tests, no network). */
  mode: 'live' | 'offline';
  /** The /dev/telegram page and dev-signed Mini App launches: offline and not in production. */
  standIn: boolean;
  webhookSecret: string | undefined;
  /** The managers' chat that receives call-back requests; without it the offline stand-in shows them (or, live, they stay in the database). */
  managersChatId?: number;
}
