import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BotGateway, TelegramConfig } from '../infra/bot-gateway';
import { measuredBot } from '../infra/measured-bot';

declare module 'fastify' {
  interface FastifyInstance {
    telegram: TelegramConfig;
    bot: BotGateway;
    /** Where the bot's buttons open the Mini App. */
    miniAppUrl: string;
  }
}

export interface BotOptions {
  telegram: TelegramConfig;
  /** The real bot, or the offline stand-in the composition made (server/dev/). */
  bot: BotGateway;
  /** Public origin, for links the bot sends (the Mini App URL). */
  publicUrl?: string;
}

/** The Telegram bot as the server speaks to it (its sends counted in the metrics). */
export const botPlugin = fp(
  async (app: FastifyInstance, options: BotOptions) => {
    app.decorate('telegram', options.telegram);
    app.decorate('bot', measuredBot(options.bot, app.metrics));
    app.decorate('miniAppUrl', `${options.publicUrl ?? ''}/tma/`);
  },
  { name: 'kvarta-bot', fastify: '5.x', dependencies: ['kvarta-infra'] },
);
