/** A button under a bot message: a callback (👍/👎) or a link that opens the Mini App. */
export type BotButton = { text: string; callbackData: string } | { text: string; webAppUrl: string } | { text: string; url: string };

export interface SentMessage {
  chatId: number;
  text: string;
  buttons: BotButton[][];
  at: number;
  /** A picture shown above the text (the agent's apartment messages). */
  photoUrl?: string;
}

export interface SendOptions {
  photoUrl?: string;
}

/** What a press on a callback button (👍/👎 under an agent message) answers: a short toast text. */
export type CallbackHandler = (
  data: string,
  from: { id: number; first_name: string; last_name?: string; username?: string },
) => Promise<string>;

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
export interface PreCheckoutQuery {
  id: string;
  fromId: number;
  currency: string;
  totalAmount: number;
  payload: string;
}
export interface SuccessfulPayment {
  fromId: number;
  currency: string;
  totalAmount: number;
  payload: string;
  chargeId: string;
  /** Telegram's renewal of a Star subscription (not the first payment). */
  isRecurring: boolean;
  isFirstRecurring: boolean;
  /** Unix seconds: when the Star subscription's paid period ends. */
  subscriptionExpirationDate?: number;
}

/** How the bot's payment updates are answered (server/subscription/stars.ts). */
export interface StarsHandlers {
  /** Whether Telegram may take the money; the text explains a refusal to the payer. */
  preCheckout(query: PreCheckoutQuery): Promise<{ ok: true } | { ok: false; message: string }>;
  successfulPayment(payment: SuccessfulPayment): Promise<void>;
}

/** How the server talks to Telegram users: the real bot (grammY) or the offline stand-in. */
export interface BotGateway {
  readonly mode: 'live' | 'offline';
  /** Where the browser sends the user to resolve a login/binding token. */
  deepLink(token: string): string;
  /** The same address for Telegram's web version (spec §4 web fallback). */
  webFallbackLink(token: string): string;
  sendMessage(chatId: number, text: string, buttons?: BotButton[][], options?: SendOptions): Promise<void>;
  /** An invoice link in Telegram Stars (the Mini App opens it with openInvoice). */
  createInvoiceLink(invoice: StarsInvoice): Promise<string>;
  /** Stops (or resumes) a user's Star subscription: no more renewals. */
  editUserStarSubscription(userId: number, chargeId: string, isCanceled: boolean): Promise<void>;
  refundStarPayment(userId: number, chargeId: string): Promise<void>;
  /** Who answers pre_checkout_query and successful_payment (set once the context exists). */
  setStarsHandlers(handlers: StarsHandlers): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
