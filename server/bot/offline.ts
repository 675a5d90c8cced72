import type { BotButton, BotGateway, SendOptions, SentMessage } from './gateway';

/**
 * Telegram without Telegram: deep links open the /dev/telegram page of this server, and every
 * message the bot would send is kept here so that page (and tests) can show it.
 */
export class OfflineBot implements BotGateway {
  readonly mode = 'offline' as const;
  private readonly sent: SentMessage[] = [];

  constructor(private readonly publicBase: string) {}

  deepLink(token: string): string {
    return `${this.publicBase}/dev/telegram?start=${encodeURIComponent(token)}`;
  }

  webFallbackLink(token: string): string {
    return this.deepLink(token);
  }

  async sendMessage(chatId: number, text: string, buttons: BotButton[][] = [], options: SendOptions = {}): Promise<void> {
    this.sent.push({ chatId, text, buttons, at: Date.now(), ...(options.photoUrl ? { photoUrl: options.photoUrl } : {}) });
    // Keep memory bounded on a long-running dev server.
    if (this.sent.length > 500) this.sent.splice(0, this.sent.length - 500);
  }

  messagesFor(chatId: number): SentMessage[] {
    return this.sent.filter((m) => m.chatId === chatId);
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}
