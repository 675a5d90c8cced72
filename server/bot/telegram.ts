import { Bot, GrammyError, InlineKeyboard, InputFile, InputMediaBuilder, webhookCallback, type Context, type Transformer } from 'grammy';
import type { InlineKeyboardButton, InlineQueryResult, PreparedInlineMessage } from 'grammy/types';
import type { FastifyInstance } from 'fastify';
import type { InitDataUser } from '../auth/telegram-init-data';
import { BOT_COMMANDS, isLiraCommand, type LiraCommand } from './commands';
import type {
  BotButton,
  BotGateway,
  BotPicture,
  CallbackAnswer,
  CallbackHandler,
  PreparedChats,
  PressedMessage,
  SendOptions,
  StarsHandlers,
  StarsInvoice,
} from '../infra/bot-gateway';
import type { StartReply } from './start';

/** Pictures Telegram already has, by our key: re-sent by file_id instead of uploaded again. */
const MAX_KNOWN_FILES = 5_000;

/** The longest flood-control wait worth sitting out: well inside a batch's send lease (60 s by default). */
const MAX_FLOOD_WAIT_SECONDS = 20;
const FLOOD_RETRIES = 2;

/**
 * Telegram's flood control (429 with retry_after): an album is a message per picture, so a batch of five can hit
 * it. A short wait is waited out, twice at most; a long one is returned as the error it is.
 */
export function floodWaitRetry(sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))): Transformer {
  return async (prev, method, payload, signal) => {
    for (let attempt = 0; ; attempt++) {
      const result = await prev(method, payload, signal);
      const wait = !result.ok && result.error_code === 429 ? result.parameters?.retry_after : undefined;
      if (wait === undefined || wait > MAX_FLOOD_WAIT_SECONDS || attempt >= FLOOD_RETRIES) return result;
      await sleep(wait * 1000);
    }
  };
}

export interface TelegramBotOptions {
  token: string;
  username: string;
  miniAppUrl: string;
  /** Webhook when the server has a public address; long polling otherwise. */
  publicUrl?: string;
  webhookSecret?: string;
  /** Tests point the bot at a local fake Bot API. */
  apiRoot?: string;
  onStart: (token: string | undefined, user: InitDataUser) => Promise<StartReply>;
  /** Inline buttons: «Войти»/«Отклонить»/«Это не я» of sign-in, 👍/👎 under the agent's messages. */
  onCallback?: CallbackHandler;
  /** `/logout`: ends every session of the sender's account; answers with the text to reply. */
  onLogout?: (user: InitDataUser) => Promise<string>;
  /** `/settings`, `/stop`, `/resume`, `/help` (server/bot/commands.ts). */
  onCommand?: (command: LiraCommand, user: InitDataUser) => Promise<StartReply>;
}

const userOf = (from: { id: number; first_name: string; last_name?: string; username?: string }): InitDataUser => ({
  id: from.id,
  first_name: from.first_name,
  last_name: from.last_name,
  username: from.username,
});

/** The inline keyboard of a message Telegram hands back (callback_query.message), in our terms. */
function buttonsOf(markup: { inline_keyboard: InlineKeyboardButton[][] } | undefined): BotButton[][] | undefined {
  return markup?.inline_keyboard.map((row) =>
    row.flatMap((b): BotButton[] => {
      if ('callback_data' in b && b.callback_data) return [{ text: b.text, callbackData: b.callback_data }];
      if ('web_app' in b && b.web_app) return [{ text: b.text, webAppUrl: b.web_app.url }];
      if ('url' in b && b.url) return [{ text: b.text, url: b.url }];
      return [];
    }),
  );
}

function keyboard(buttons: BotButton[][]): InlineKeyboard {
  const kb = new InlineKeyboard();
  buttons.forEach((row, i) => {
    // A row break between rows only: a trailing one would send Telegram an empty row.
    if (i > 0) kb.row();
    for (const b of row) {
      if ('webAppUrl' in b) kb.webApp(b.text, b.webAppUrl);
      else if ('url' in b) kb.url(b.text, b.url);
      else kb.text(b.text, b.callbackData);
    }
  });
  return kb;
}

/** The real bot (grammY): /start <token>, the menu button that opens the Mini App, messages to users. */
export class TelegramBot implements BotGateway {
  readonly mode = 'live' as const;
  readonly bot: Bot;
  private stars: StarsHandlers | null = null;
  private readonly fileIds = new Map<string, string>();

  constructor(private readonly options: TelegramBotOptions) {
    this.bot = new Bot(options.token, options.apiRoot ? { client: { apiRoot: options.apiRoot } } : undefined);
    this.bot.api.config.use(floodWaitRetry());
    this.bot.command('start', async (ctx: Context) => {
      if (!ctx.from) return;
      const token = typeof ctx.match === 'string' && ctx.match.trim() ? ctx.match.trim() : undefined;
      const reply = await options.onStart(token, userOf(ctx.from));
      await ctx.reply(reply.text, { reply_markup: keyboard(reply.buttons) });
    });
    this.bot.command('logout', async (ctx: Context) => {
      if (!ctx.from || !options.onLogout) return;
      await ctx.reply(await options.onLogout(userOf(ctx.from)));
    });
    for (const { command } of BOT_COMMANDS) {
      if (!isLiraCommand(command)) continue;
      this.bot.command(command, async (ctx: Context) => {
        if (!ctx.from || !options.onCommand) return;
        const reply = await options.onCommand(command, userOf(ctx.from));
        await ctx.reply(reply.text, { reply_markup: keyboard(reply.buttons) });
      });
    }
    this.bot.on('callback_query:data', async (ctx) => {
      const pressed = ctx.callbackQuery.message;
      // An inaccessible message (date 0) has neither text nor keyboard.
      const seen = pressed && 'text' in pressed ? { text: pressed.text, buttons: buttonsOf(pressed.reply_markup) } : {};
      const answer = options.onCallback
        ? await options.onCallback(
            ctx.callbackQuery.data,
            userOf(ctx.callbackQuery.from),
            pressed ? { chatId: pressed.chat.id, messageId: pressed.message_id, ...seen } : undefined,
          )
        : '';
      const reply: CallbackAnswer = typeof answer === 'string' ? { text: answer } : answer;
      await ctx.answerCallbackQuery(reply.text ? { text: reply.text } : undefined);
      if (reply.edit && pressed) {
        await this.editMessage({ chatId: pressed.chat.id, messageId: pressed.message_id }, reply.edit.text, reply.edit.buttons);
      }
      if (reply.reply && pressed) {
        await this.bot.api.sendMessage(pressed.chat.id, reply.reply.text, {
          reply_markup: keyboard(reply.reply.buttons),
          reply_parameters: { message_id: pressed.message_id, allow_sending_without_reply: true },
        });
      }
    });
    // Telegram Stars: the payment may go ahead only if it matches a pending payment of this user; access only on success.
    this.bot.on('pre_checkout_query', async (ctx) => {
      const q = ctx.preCheckoutQuery;
      const verdict = this.stars
        ? await this.stars.preCheckout({
            id: q.id,
            fromId: q.from.id,
            currency: q.currency,
            totalAmount: q.total_amount,
            payload: q.invoice_payload,
          })
        : { ok: false as const, message: 'Оплата временно недоступна' };
      await ctx.answerPreCheckoutQuery(verdict.ok, verdict.ok ? undefined : { error_message: verdict.message });
    });
    this.bot.on('message:successful_payment', async (ctx) => {
      const p = ctx.message.successful_payment;
      if (!this.stars || !ctx.from) return;
      await this.stars.successfulPayment({
        fromId: ctx.from.id,
        currency: p.currency,
        totalAmount: p.total_amount,
        payload: p.invoice_payload,
        chargeId: p.telegram_payment_charge_id,
        isRecurring: p.is_recurring === true,
        isFirstRecurring: p.is_first_recurring === true,
        subscriptionExpirationDate: p.subscription_expiration_date,
      });
    });
    // A refund comes as a service message carrying refunded_payment (not an update type of its own).
    this.bot.on('message:refunded_payment', async (ctx) => {
      const r = ctx.message.refunded_payment;
      if (!this.stars || !ctx.from) return;
      await this.stars.refundedPayment({
        fromId: ctx.from.id,
        currency: r.currency,
        totalAmount: r.total_amount,
        payload: r.invoice_payload,
        chargeId: r.telegram_payment_charge_id,
      });
    });
    this.bot.catch((error) => console.error('Ошибка бота:', error.message));
  }

  deepLink(token: string): string {
    return `tg://resolve?domain=${this.options.username}&start=${encodeURIComponent(token)}`;
  }

  webFallbackLink(token: string): string {
    return `https://t.me/${this.options.username}?start=${encodeURIComponent(token)}`;
  }

  async sendMessage(chatId: number, text: string, buttons: BotButton[][] = [], options: SendOptions = {}): Promise<void> {
    // Telegram fetches photos itself: only a public raster picture can go as a photo; otherwise text.
    if (options.photoUrl && /^https:\/\/[^?#]+\.(jpe?g|png|webp)(\?|#|$)/i.test(options.photoUrl) && text.length <= 1024) {
      try {
        await this.bot.api.sendPhoto(chatId, options.photoUrl, { caption: text, reply_markup: keyboard(buttons) });
        return;
      } catch {
        /* the picture was refused: send the text alone */
      }
    }
    await this.bot.api.sendMessage(chatId, text, { reply_markup: keyboard(buttons) });
  }

  /**
   * sendMediaGroup takes 2–10 pictures and no keyboard, so: the album (one picture goes by sendPhoto) with the
   * caption on its first picture — Telegram shows a lone caption under the whole album — then the buttons' message
   * as a reply to it. Pictures go up as files once; later albums name them by the file_id Telegram gave back.
   */
  async sendAlbum(
    chatId: number,
    pictures: BotPicture[],
    caption: string,
    follow: { text: string; buttons: BotButton[][] },
  ): Promise<boolean> {
    const loaded = (
      await Promise.all(
        pictures.map(async (picture) => {
          const known = this.fileIds.get(picture.key);
          if (known) return { picture, media: known as string | InputFile };
          const file = await picture.load();
          return file ? { picture, media: new InputFile(file.bytes, file.filename) } : null;
        }),
      )
    ).filter((p) => p !== null);
    if (loaded.length === 0) return false;
    let sent;
    try {
      sent =
        loaded.length === 1
          ? [await this.bot.api.sendPhoto(chatId, loaded[0]!.media, { caption })]
          : await this.bot.api.sendMediaGroup(
              chatId,
              loaded.map((p, i) => InputMediaBuilder.photo(p.media, i === 0 ? { caption } : {})),
            );
    } catch (error) {
      // A picture Telegram refuses (400): the apartment goes as text. Anything else (blocked, 429) is the caller's.
      if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
      // A file_id Telegram no longer knows is forgotten: the next album uploads the picture again.
      for (const p of loaded) this.fileIds.delete(p.picture.key);
      return false;
    }
    sent.forEach((message, i) => {
      const fileId = 'photo' in message ? message.photo.at(-1)?.file_id : undefined;
      const key = loaded[i]?.picture.key;
      if (!fileId || !key) return;
      if (this.fileIds.size >= MAX_KNOWN_FILES) this.fileIds.delete(this.fileIds.keys().next().value!);
      this.fileIds.set(key, fileId);
    });
    await this.bot.api.sendMessage(chatId, follow.text, {
      reply_markup: keyboard(follow.buttons),
      ...(sent[0] ? { reply_parameters: { message_id: sent[0].message_id, allow_sending_without_reply: true } } : {}),
    });
    return true;
  }

  async editMessage(message: PressedMessage, text: string, buttons: BotButton[][]): Promise<void> {
    try {
      await this.bot.api.editMessageText(message.chatId, message.messageId, text, { reply_markup: keyboard(buttons) });
    } catch (error) {
      // Two quick presses can ask for the same look twice: Telegram refuses an edit that changes nothing.
      if (error instanceof GrammyError && /message is not modified/.test(error.description)) return;
      throw error;
    }
  }

  setStarsHandlers(handlers: StarsHandlers): void {
    this.stars = handlers;
  }

  createInvoiceLink(invoice: StarsInvoice): Promise<string> {
    // Digital goods in Telegram are sold for Stars: currency XTR, no provider token, one price line.
    return this.bot.api.createInvoiceLink(
      invoice.title,
      invoice.description,
      invoice.payload,
      '',
      'XTR',
      [{ label: invoice.title, amount: invoice.amount }],
      {
        ...(invoice.subscriptionPeriod ? { subscription_period: invoice.subscriptionPeriod } : {}),
      },
    );
  }

  async editUserStarSubscription(userId: number, chargeId: string, isCanceled: boolean): Promise<void> {
    await this.bot.api.editUserStarSubscription(userId, chargeId, isCanceled);
  }

  async refundStarPayment(userId: number, chargeId: string): Promise<void> {
    await this.bot.api.refundStarPayment(userId, chargeId);
  }

  savePreparedInlineMessage(userId: number, result: InlineQueryResult, chats: PreparedChats): Promise<PreparedInlineMessage> {
    return this.bot.api.savePreparedInlineMessage(userId, result, {
      allow_user_chats: chats.users,
      allow_bot_chats: chats.bots,
      allow_group_chats: chats.groups,
      allow_channel_chats: chats.channels,
    });
  }

  /**
   * Webhook route; grammY checks Telegram's X-Telegram-Bot-Api-Secret-Token header against the secret in constant
   * time. Without a secret anyone could post updates (a forged payment, a button press), so there is no route then.
   */
  registerWebhook(app: FastifyInstance): void {
    if (!this.options.webhookSecret) throw new Error('TELEGRAM_WEBHOOK_SECRET: вебхук бота без секрета не принимается');
    app.post(
      '/bot-api/telegram/webhook',
      { config: { foreignInput: true } },
      webhookCallback(this.bot, 'fastify', { secretToken: this.options.webhookSecret }),
    );
  }

  async start(): Promise<void> {
    await this.bot.init();
    await this.bot.api
      .setChatMenuButton({ menu_button: { type: 'web_app', text: 'Кварта', web_app: { url: this.options.miniAppUrl } } })
      .catch(() => undefined);
    // The list Telegram shows after «/» and in the menu: the same commands the handlers above answer.
    await this.bot.api.setMyCommands(BOT_COMMANDS.map((c) => ({ command: c.command, description: c.description }))).catch(() => undefined);
    if (this.options.publicUrl) {
      await this.bot.api.setWebhook(`${this.options.publicUrl}/bot-api/telegram/webhook`, { secret_token: this.options.webhookSecret });
    } else {
      void this.bot.start({ drop_pending_updates: false });
    }
  }

  async stop(): Promise<void> {
    if (this.bot.isRunning()) await this.bot.stop();
  }
}
