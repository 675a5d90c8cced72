import type { BotGateway } from './bot-gateway';
import type { Metrics } from './metrics';

/** The gateway's calls that put something in a chat: each is counted with its outcome. */
const SENDS = new Set<string>(['sendMessage', 'sendAlbum', 'editMessage']);

/**
 * The bot as the app uses it, with its sends counted (kvarta_bot_sends_total). A proxy rather than a wrapper class,
 * so whatever else a gateway offers (the offline stand-in's own methods) stays reachable as it is.
 */
export function measuredBot(bot: BotGateway, metrics: Metrics): BotGateway {
  return new Proxy(bot, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (typeof property !== 'string' || !SENDS.has(property)) return method.bind(target);
      return async (...args: unknown[]) => {
        try {
          const result = await method.apply(target, args);
          metrics.botSends.inc({ method: property, outcome: 'ok' });
          return result;
        } catch (error) {
          metrics.botSends.inc({ method: property, outcome: 'failed' });
          throw error;
        }
      };
    },
  });
}
