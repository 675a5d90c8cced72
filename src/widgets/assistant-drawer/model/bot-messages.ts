import { combine, createEffect, createStore, sample } from 'effector';
import { mergeBotTexts, pickBotText, type BotTexts } from '../lib/bot-texts';
import { $messageSource, $serverTexts, botMessageAsked, botMessageResolved } from './chat';
import type { BotMessage, DrawerView } from './types';

/*
 * The drawer's bot texts (the built-in ones under the server's) and the message a view asks for, loaded by ./chat.ts
 * with the drawer's first message. The message asked for is $messageSource: a free-text message set meanwhile
 * (botMessageSet) has cleared it, and is not replaced.
 */

/** The built-in texts come with the drawer's first message, not with the first screen (they are most of its weight). */
const loadDefaultBotTextsFx = createEffect(() => import('../lib/default-bot-texts').then((m) => m.DEFAULT_BOT_TEXTS));
const $defaultBotTexts = createStore<BotTexts | null>(null).on(loadDefaultBotTextsFx.doneData, (_, texts) => texts);
export const $botTexts = combine($defaultBotTexts, $serverTexts, (defaults, entries) => mergeBotTexts(defaults ?? {}, entries));

const resolve = (texts: BotTexts, source: { viewId: DrawerView; messageId?: string | null }): BotMessage | null => {
  const text = pickBotText(texts, source.viewId, source.messageId);
  return text === null ? null : { text, attachmentId: null, typingMode: 'BY_SIGN' };
};
sample({ clock: botMessageAsked, source: $defaultBotTexts, filter: (texts) => texts === null, target: loadDefaultBotTextsFx });
sample({
  clock: botMessageAsked,
  source: { texts: $botTexts, source: $messageSource },
  filter: ({ source }) => source !== null,
  fn: ({ texts, source }) => (source ? resolve(texts, source) : null),
  target: botMessageResolved,
});
// Server texts arrived after the view opened: its default gives way to the operator's text.
sample({
  clock: $botTexts,
  source: $messageSource,
  filter: (source) => source !== null,
  fn: (source, texts) => (source ? resolve(texts, source) : null),
  target: botMessageResolved,
});
