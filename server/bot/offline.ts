import type { Queryable } from '../catalog/store';
import type { BotButton, BotGateway, SendOptions, SentMessage } from './gateway';

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

  async messagesFor(chatId: number): Promise<SentMessage[]> {
    const { rows } = await this.db.query<{ text: string; buttons: BotButton[][]; photo_url: string | null; at: number }>(
      `SELECT text, buttons, photo_url, (extract(epoch FROM sent_at) * 1000)::float8 AS at
         FROM (SELECT * FROM stand_in_messages WHERE chat_id = $1 ORDER BY id DESC LIMIT ${SHOWN_PER_CHAT}) last ORDER BY id`,
      [chatId],
    );
    return rows.map((r) => ({
      chatId,
      text: r.text,
      buttons: r.buttons,
      at: Math.round(r.at),
      ...(r.photo_url ? { photoUrl: r.photo_url } : {}),
    }));
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}
