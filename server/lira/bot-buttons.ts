import { roomsName, unitKind } from '@kvarta/contract/apartment-title';
import { apartStartParam } from '@kvarta/contract/lira-rules';
import { signCallbackData, verifyCallbackData } from '../infra/bot-callback-data';
import type { Apartment } from '../core/model';
import { availableNotices } from '../ranking';
import type { CatalogueMemory } from '../catalog/memory';
import type { Engine } from '../ranking/engine';
import type { CityFacts } from '../catalog/city-facts';
import type { BotButton, BotGateway, TelegramConfig } from '../infra/bot-gateway';

/**
 * What the agent's Telegram messages use of the running server (this module, the matcher, the notifier and the
 * buttons' handler add theirs to it): handed over by the composition, never the whole of it.
 */
export interface LiraBotNeeds {
  memory: CatalogueMemory;
  engine: Engine;
  cities: Map<number, CityFacts>;
  telegram: TelegramConfig;
  bot: BotGateway;
  miniAppUrl: string;
}

type ButtonsContext = Pick<LiraBotNeeds, 'telegram' | 'bot' | 'miniAppUrl' | 'cities' | 'memory'>;

/**
 * What a reaction button asks, signed for the chat it was sent to (server/bot/callback-data.ts):
 * `lv:L:<id>` 👍, `lv:D:<id>` 👎 (records the dislike, opens the reasons), `lv:T:<id>:<mask>` a reason switched
 * (the mask is the new choice), `lv:OK:<id>:<mask>` «Готово». The mask's bits follow the apartment's notice keys
 * in alphabetical order, so the same key set always gives the same bits.
 */
export type ReactionPress =
  | { kind: 'like'; apartmentId: number }
  | { kind: 'dislike'; apartmentId: number }
  | { kind: 'toggle'; apartmentId: number; mask: number }
  | { kind: 'done'; apartmentId: number; mask: number };

const PREFIX = 'lv:';

function bodyOf(press: ReactionPress): string {
  switch (press.kind) {
    case 'like':
      return `${PREFIX}L:${press.apartmentId}`;
    case 'dislike':
      return `${PREFIX}D:${press.apartmentId}`;
    case 'toggle':
      return `${PREFIX}T:${press.apartmentId}:${press.mask.toString(16)}`;
    case 'done':
      return `${PREFIX}OK:${press.apartmentId}:${press.mask.toString(16)}`;
  }
}

export const reactionData = (ctx: Pick<LiraBotNeeds, 'telegram'>, chatId: number, press: ReactionPress): string =>
  signCallbackData(ctx.telegram.botToken, chatId, bodyOf(press));

/** The press a button's data asks for, or null: garbled, unsigned, or signed for another chat. */
export function parseReactionData(ctx: Pick<LiraBotNeeds, 'telegram'>, chatId: number, data: string): ReactionPress | null {
  const body = verifyCallbackData(ctx.telegram.botToken, chatId, data);
  const m = body === null ? null : /^lv:(L|D|T|OK):(\d{1,10})(?::([0-9a-f]{1,4}))?$/.exec(body);
  if (!m) return null;
  const apartmentId = Number(m[2]);
  const mask = m[3] === undefined ? null : parseInt(m[3], 16);
  if (m[1] === 'L' || m[1] === 'D') return mask === null ? { kind: m[1] === 'L' ? 'like' : 'dislike', apartmentId } : null;
  return mask === null ? null : { kind: m[1] === 'T' ? 'toggle' : 'done', apartmentId, mask };
}

/** The public origin links are built on ('' in tests: relative links). */
export const originOf = (ctx: Pick<LiraBotNeeds, 'miniAppUrl'>) => ctx.miniAppUrl.replace(/\/tma\/?$/, '');

/**
 * «Открыть»: the live bot opens the Mini App on this apartment (`startapp=apart_<id>` in the Web App
 * URL); the offline stand-in, which runs in a plain browser, opens the website's apartment page.
 */
export function openButton(ctx: Pick<LiraBotNeeds, 'bot' | 'miniAppUrl' | 'cities'>, a: Apartment): BotButton {
  const param = apartStartParam(a.id);
  if (ctx.bot.mode === 'live') return { text: 'Открыть', webAppUrl: `${ctx.miniAppUrl}?startapp=${param}` };
  const link = ctx.cities.get(a.cityId)?.link ?? 'spb';
  return { text: 'Открыть', url: `${originOf(ctx)}/${link}/apart/${a.id}?startapp=${param}` };
}

/** 👍 / 👎 / «Открыть» under an apartment the agent sent. */
export const reactionRow = (ctx: ButtonsContext, chatId: number, a: Apartment): BotButton[][] => [
  [
    { text: '👍', callbackData: reactionData(ctx, chatId, { kind: 'like', apartmentId: a.id }) },
    { text: '👎', callbackData: reactionData(ctx, chatId, { kind: 'dislike', apartmentId: a.id }) },
    openButton(ctx, a),
  ],
];

export interface Reason {
  key: string;
  title: string;
  group: 'Квартира' | 'Расположение';
}

/** The dislike reasons of this apartment (spec §3 availableNoticeList): «Квартира» first, each by priority. */
export function reasonsOf(ctx: Pick<LiraBotNeeds, 'engine'>, a: Apartment): Reason[] {
  const columns = ctx.engine.columns(a.cityId);
  const row = columns?.rowOf.get(a.id);
  if (!columns || row === undefined) return [];
  const lists = availableNotices(columns, row);
  return (['Квартира', 'Расположение'] as const).flatMap((group) => lists[group].map((n) => ({ key: n.key, title: n.title, group })));
}

/** Bit of each reason key in a mask: the keys in alphabetical order. */
const bitOrder = (reasons: Reason[]) => reasons.map((r) => r.key).sort();

export function maskOf(reasons: Reason[], keys: readonly string[]): number {
  const order = bitOrder(reasons);
  return keys.reduce((mask, key) => (order.includes(key) ? mask | (1 << order.indexOf(key)) : mask), 0);
}

/** The chosen reasons of a mask, in the order they are shown; null when the mask names a bit no reason has. */
export function reasonsIn(reasons: Reason[], mask: number): Reason[] | null {
  const order = bitOrder(reasons);
  if (mask < 0 || mask >= 2 ** order.length) return null;
  return reasons.filter((r) => (mask & (1 << order.indexOf(r.key))) !== 0);
}

/** Two reasons a row (a phone fits two Russian titles side by side), a chosen one marked ✅, then «Готово». */
export function reasonsKeyboard(ctx: ButtonsContext, chatId: number, a: Apartment, reasons: Reason[], mask: number): BotButton[][] {
  const order = bitOrder(reasons);
  const buttons = reasons.map((r): BotButton => {
    const bit = 1 << order.indexOf(r.key);
    const on = (mask & bit) !== 0;
    return {
      text: on ? `✅ ${r.title}` : r.title,
      callbackData: reactionData(ctx, chatId, { kind: 'toggle', apartmentId: a.id, mask: mask ^ bit }),
    };
  });
  const rows: BotButton[][] = [];
  for (const group of ['Квартира', 'Расположение'] as const) {
    const ofGroup = buttons.filter((_, i) => reasons[i]!.group === group);
    for (let i = 0; i < ofGroup.length; i += 2) rows.push(ofGroup.slice(i, i + 2));
  }
  rows.push([{ text: 'Готово', callbackData: reactionData(ctx, chatId, { kind: 'done', apartmentId: a.id, mask }) }]);
  return rows;
}

const area = (n: number) => `${String(Math.round(n * 10) / 10).replace('.', ',')} м²`;
export const apartmentTitle = (a: Apartment) => roomsName(a.roomsCnt, 'nominative', unitKind(a.isApartHotel));

/** One line that says which apartment a message is about (the album above it may be far up the chat). */
export function apartmentLine(ctx: Pick<LiraBotNeeds, 'memory'>, a: Apartment): string {
  const complex = ctx.memory.complexes.get(a.complexId);
  return `🏠 ${apartmentTitle(a)}, ${area(a.areaTotal)}, ${a.floor}/${a.floors} этаж${complex ? ` — ${complex.name}` : ''}`;
}

/** The batch's buttons message: what the numbered rows under it do. */
export const BATCH_QUESTION = 'Как вам эти варианты? 👍 — нравится, 👎 — не нравится; номера — как в подписи выше';

/** How a match of a batch was rated in the chat: shown on its buttons. */
type BatchMark = 'LIKE' | 'DISLIKE' | null;

/** The row of match number `n` under a batch: «👍 n» «👎 n» «Открыть n», the pressed one ticked. */
function batchRow(ctx: ButtonsContext, chatId: number, a: Apartment, n: number, mark: BatchMark): BotButton[] {
  return [
    { text: `${mark === 'LIKE' ? '✅' : '👍'} ${n}`, callbackData: reactionData(ctx, chatId, { kind: 'like', apartmentId: a.id }) },
    { text: `${mark === 'DISLIKE' ? '❌' : '👎'} ${n}`, callbackData: reactionData(ctx, chatId, { kind: 'dislike', apartmentId: a.id }) },
    { ...openButton(ctx, a), text: `Открыть ${n}` },
  ];
}

/** The one keyboard under a batch's album: a row per match, numbered as in the caption (at most 10 × 3 buttons). */
export const batchKeyboard = (ctx: ButtonsContext, chatId: number, apartments: Apartment[]): BotButton[][] =>
  apartments.map((a, i) => batchRow(ctx, chatId, a, i + 1, null));

/** The apartment a keyboard row is about: the one its signed 👍/👎 names, else null. */
function apartmentOfRow(ctx: Pick<LiraBotNeeds, 'telegram'>, chatId: number, row: BotButton[]): number | null {
  for (const button of row) {
    if (!('callbackData' in button)) continue;
    const press = parseReactionData(ctx, chatId, button.callbackData);
    if (press) return press.apartmentId;
  }
  return null;
}

/**
 * A batch keyboard with the row of `a` redrawn to show `mark`; null when the keyboard is not a batch's (the message
 * of a single apartment, or the dislike reasons), whose presses rewrite the message as before.
 */
export function remarkBatch(ctx: ButtonsContext, chatId: number, rows: BotButton[][], a: Apartment, mark: BatchMark): BotButton[][] | null {
  const ids = rows.map((row) => apartmentOfRow(ctx, chatId, row));
  if (ids.filter((id) => id !== null).length < 2 || !ids.includes(a.id)) return null;
  return rows.map((row, i) => (ids[i] === a.id ? batchRow(ctx, chatId, a, i + 1, mark) : row));
}
