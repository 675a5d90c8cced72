import { camelCaseKey } from '@/shared/lib';
import type { DrawerView } from '../model/types';

/** A view's messages by message id; `default` is what opening the view shows. A message may hold several texts. */
export type ViewMessages = Record<string, string | string[]>;
export type BotTexts = Partial<Record<DrawerView, ViewMessages>>;

/** Server keys (camelCased, spec §3) → the view and message they override. */
export const OVERRIDABLE_TEXT_KEYS = {
  faqText: ['FAQ', 'default'],
  assist1stMsg: ['FAQ', 'default'],
  lexsText: ['LEXS', 'default'],
  liraSwitch: ['LIRA_SWITCH', 'default'],
  liraMain: ['LIRA_MAIN', 'default'],
  liraAlternative: ['LIRA_ALTERNATIVE', 'default'],
  liraCreation: ['LIRA_CREATION', 'default'],
  liraMainBadFilters: ['LIRA_MAIN', 'badFilters'],
} as const satisfies Record<string, readonly [DrawerView, string]>;
export type OverridableTextKey = keyof typeof OVERRIDABLE_TEXT_KEYS;

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * Applies server texts over the defaults. A plain string replaces the view's message; an object
 * (e.g. liraCreation, stored as JSON) replaces the messages it names. Anything else is ignored.
 * The FAQ greeting: assist_1st_msg wins over faqText, as it is the one operators edit for the FAQ.
 */
export function mergeBotTexts(base: BotTexts, entries: ReadonlyArray<{ key: string; text: unknown }>): BotTexts {
  const next: BotTexts = { ...base };
  const ordered = [...entries].sort(
    (a, b) => Number(camelCaseKey(a.key) === 'assist1stMsg') - Number(camelCaseKey(b.key) === 'assist1stMsg'),
  );
  for (const { key, text } of ordered) {
    const target = OVERRIDABLE_TEXT_KEYS[camelCaseKey(key) as OverridableTextKey];
    if (!target) continue;
    const [view, messageId] = target;
    const messages: ViewMessages = { ...(next[view] ?? {}) };
    if (typeof text === 'string' && text.trim()) messages[messageId] = text;
    else if (isTextList(text) && text.length > 0) messages[messageId] = text;
    else if (text && typeof text === 'object' && !Array.isArray(text)) {
      for (const [id, value] of Object.entries(text as Record<string, unknown>)) {
        if ((typeof value === 'string' && value.trim()) || (isTextList(value) && value.length > 0)) messages[id] = value;
      }
    } else continue;
    next[view] = messages;
  }
  return next;
}

/** Spec §4: a message by view and id, taking its first text; the view default when the id is unknown. */
export function pickBotText(texts: BotTexts, view: DrawerView, messageId?: string | null): string | null {
  const messages = texts[view];
  if (!messages) return null;
  const value = (messageId ? messages[messageId] : undefined) ?? messages.default;
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}
