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

/** How the server talks to Telegram users: the real bot (grammY) or the offline stand-in. */
export interface BotGateway {
  readonly mode: 'live' | 'offline';
  /** Where the browser sends the user to resolve a login/binding token. */
  deepLink(token: string): string;
  /** The same address for Telegram's web version (spec §4 web fallback). */
  webFallbackLink(token: string): string;
  sendMessage(chatId: number, text: string, buttons?: BotButton[][], options?: SendOptions): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
