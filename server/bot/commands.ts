import { ROUTES } from '@kvarta/contract/routes';
import { operatorLines } from '../content/operator';
import type { OperatorInfo } from '@kvarta/contract/operator';
import { SETTINGS_START_PARAM, type LiraStatus } from '@kvarta/contract/lira-rules';
import { shownLiraStatus } from '@kvarta/contract/lira-status';
import { findByTelegram } from '../auth/accounts';
import type { InitDataUser } from '../auth/telegram-init-data';
import type { FastifyInstance } from 'fastify';
import { findLiraProfile, setLiraStatus } from '../lira/profiles';
import { DELETE_ACCOUNT_CALLBACK, DELETE_CONFIRM_TEXT, KEEP_ACCOUNT_CALLBACK } from '../privacy/account';
import { decideStatus, liraStateOf } from '../lira/status';
import { findSubscription, type SubscriptionRow } from '../subscription/subscriptions';
import type { BotButton } from '../infra/bot-gateway';
import { miniAppButtons } from './sign-in';
import type { StartReply } from './start';

/** The bot's commands as Telegram lists them (setMyCommands): every one of them is answered in Russian. */
export const BOT_COMMANDS = [
  { command: 'start', description: 'Открыть «Кварту»' },
  { command: 'settings', description: 'Настройки ИИ Поиска' },
  { command: 'stop', description: 'Остановить ИИ Поиск' },
  { command: 'resume', description: 'Возобновить ИИ Поиск' },
  { command: 'help', description: 'Что умеет бот' },
  { command: 'paysupport', description: 'Вопрос об оплате' },
  { command: 'logout', description: 'Выйти из «Кварты» на всех устройствах' },
  { command: 'delete', description: 'Удалить аккаунт и данные' },
] as const;
export type BotCommandName = (typeof BOT_COMMANDS)[number]['command'];
/** The commands answered here; /start and /logout have their own handlers (start.ts, sign-in.ts). */
export type LiraCommand = Exclude<BotCommandName, 'start' | 'logout'>;
export const isLiraCommand = (name: string): name is LiraCommand =>
  name === 'settings' || name === 'stop' || name === 'resume' || name === 'help' || name === 'paysupport' || name === 'delete';

type CommandContext = Pick<FastifyInstance, 'db' | 'bot' | 'miniAppUrl' | 'now' | 'liraMatcher'> &
  Partial<Pick<FastifyInstance, 'operator'>>;

/**
 * «Настроить ИИ Поиск»: the live bot opens the Mini App on the AI-search settings; the offline stand-in, a plain
 * browser page, opens the website's AGENT page with the same parameter.
 */
export function settingsButton(ctx: Pick<FastifyInstance, 'bot' | 'miniAppUrl'>): BotButton {
  const text = 'Настроить ИИ Поиск';
  if (ctx.bot.mode === 'live') return { text, webAppUrl: `${ctx.miniAppUrl}?startapp=${SETTINGS_START_PARAM}` };
  return { text, url: `${ctx.miniAppUrl.replace(/\/tma\/?$/, '')}${ROUTES.AGENT}?startapp=${SETTINGS_START_PARAM}` };
}

const MOSCOW_DATE = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });

/** The status the app shows (the status rules' "Profile status on load"), by the server clock. */
export const shownStatus = (stored: LiraStatus | null, subscription: SubscriptionRow | null, now: Date): LiraStatus =>
  shownLiraStatus(liraStateOf(stored, subscription, now));

const HELP_TEXT = [
  'Я бот «Кварты» — цифрового риелтора. Сюда ИИ-агент присылает подобранные квартиры: фото, цену, индекс AI и почему вариант подходит.',
  '',
  'Под каждой квартирой: 👍 — в избранное, 👎 — не подходит (отметьте причины, и следующие подборки их учтут), «Открыть» — подробности.',
  '',
  '/settings — настройки ИИ Поиска',
  '/stop — остановить ИИ Поиск',
  '/resume — возобновить ИИ Поиск',
  '/logout — выйти из «Кварты» на всех устройствах',
  '/delete — удалить аккаунт и данные',
  '/paysupport — вопрос об оплате',
  '/help — эта справка',
].join('\n');

/**
 * `/paysupport`, which Telegram asks of every bot that sells: whom to write about a payment, with what, and that
 * Telegram's own support cannot help with a purchase made in a bot. Without a configured operator (development) it
 * says that payments here are a demonstration.
 */
export function paySupportText(operator: OperatorInfo | null): string {
  const contacts = operator ? [operator.supportPhone, operator.supportEmail].filter(Boolean).join(', ') : '';
  if (!operator?.legalName || !contacts)
    return 'Это демонстрационный стенд «Кварты» без оператора: оплата здесь тестовая, деньги не списываются. На работающем сервисе здесь будут контакты поддержки по платежам и данные оператора.';
  return [
    `Вопрос об оплате подписки на ИИ Поиск? Напишите в поддержку «Кварты»: ${contacts}.`,
    'Укажите дату и сумму платежа и способ оплаты (звёзды Telegram или карта) — ответим и, если оплата прошла по ошибке, вернём её.',
    'Поддержка Telegram по покупкам в ботах не помогает: по всем вопросам об оплате — к нам.',
    ...operatorLines(operator),
  ].join('\n');
}

/** `/settings`, `/stop`, `/resume`, `/help`, `/paysupport`, `/delete` — one code path for the real bot and the offline stand-in. */
export async function handleCommand(ctx: CommandContext, command: LiraCommand, user: InitDataUser): Promise<StartReply> {
  if (command === 'help') {
    // Who runs the service, where it is configured: a buyer pays a company, not a bot.
    const operator = ctx.operator ? operatorLines(ctx.operator) : [];
    return { text: operator.length > 0 ? `${HELP_TEXT}\n\n${operator.join('\n')}` : HELP_TEXT, buttons: miniAppButtons(ctx) };
  }
  if (command === 'paysupport') return { text: paySupportText(ctx.operator ?? null), buttons: [] };
  if (command === 'settings') {
    return {
      text: 'Настройки ИИ Поиска: город, бюджет, районы и метро, пожелания и альтернативы. Изменения применятся к следующим подборкам.',
      buttons: [[settingsButton(ctx)]],
    };
  }
  const account = await findByTelegram(ctx.db, user.id);
  // `/delete` asks first; «Удалить» (bot/callbacks.ts) deletes the presser's own account.
  if (command === 'delete' && account) {
    return {
      text: DELETE_CONFIRM_TEXT,
      buttons: [
        [
          { text: 'Удалить аккаунт и данные', callbackData: DELETE_ACCOUNT_CALLBACK },
          { text: 'Оставить', callbackData: KEEP_ACCOUNT_CALLBACK },
        ],
      ],
    };
  }
  if (!account) {
    return {
      text: 'У этого Telegram нет профиля в «Кварте». Откройте приложение и войдите через Telegram, чтобы настроить ИИ Поиск.',
      buttons: miniAppButtons(ctx),
    };
  }
  return command === 'stop' ? stopLira(ctx, account.id) : resumeLira(ctx, account.id);
}

interface LiraBotState {
  stored: LiraStatus;
  shown: LiraStatus;
  subscription: SubscriptionRow | null;
  now: Date;
}

async function liraBotState(ctx: CommandContext, userId: number): Promise<LiraBotState> {
  const now = ctx.now();
  const [profile, subscription] = await Promise.all([findLiraProfile(ctx.db, userId), findSubscription(ctx.db, userId)]);
  return { stored: profile?.status ?? 'NOT_CREATED', shown: shownStatus(profile?.status ?? null, subscription, now), subscription, now };
}

const NOT_CREATED: StartReply['text'] =
  'ИИ Поиск ещё не настроен. Ответьте на 5 коротких вопросов в приложении — и я начну присылать квартиры.';
const untilText = (s: SubscriptionRow | null) => (s ? ` до ${MOSCOW_DATE.format(s.expiredAt)}` : '');

/** Spec §4 status button, ACTIVE or CANCELLED → STOP (REJECTED when the subscription is cancelled); START waits. */
async function stopLira(ctx: CommandContext, userId: number): Promise<StartReply> {
  const { stored, shown, subscription, now } = await liraBotState(ctx, userId);
  const settings = [[settingsButton(ctx)]];
  switch (shown) {
    case 'NOT_CREATED':
      return { text: `${NOT_CREATED} Останавливать пока нечего.`, buttons: settings };
    case 'NOT_PAID':
      return { text: 'ИИ Поиск не запущен: подписка не оформлена. Останавливать нечего.', buttons: miniAppButtons(ctx) };
    case 'EXPIRED':
      return {
        text: 'Ваша подписка истекла: новые квартиры и так не приходят, найденные остаются в приложении.',
        buttons: miniAppButtons(ctx),
      };
    case 'START':
      return {
        text: 'ИИ Поиск запускается. Подождите немного, скоро будут подобраны первые квартиры — остановить его можно после запуска.',
        buttons: [],
      };
    case 'STOP':
    case 'REJECTED':
      return { text: 'ИИ Поиск уже остановлен. Чтобы снова получать квартиры, отправьте /resume.', buttons: [] };
    case 'ACTIVE':
    case 'CANCELLED': {
      const decision = decideStatus('STOP', stored, subscription, now);
      if ('error' in decision) return { text: decision.error, buttons: miniAppButtons(ctx) };
      await setLiraStatus(ctx.db, userId, decision.status, now);
      return {
        text: 'ИИ Поиск остановлен: новые квартиры приходить не будут, найденные остаются в приложении. Возобновить — /resume.',
        buttons: [],
      };
    }
  }
}

/**
 * Spec §4: STOP or REJECTED → ACTIVE (the messenger is connected: this is it), CANCELLED while the subscription is
 * cancelled; a NOT_PAID profile with a running subscription starts its selection (START); without a running
 * subscription nothing changes and the user is told why.
 */
async function resumeLira(ctx: CommandContext, userId: number): Promise<StartReply> {
  const { stored, shown, subscription, now } = await liraBotState(ctx, userId);
  const apply = async (requested: 'START' | 'ACTIVE', done: (status: LiraStatus) => string): Promise<StartReply> => {
    const decision = decideStatus(requested, stored, subscription, now);
    if ('error' in decision) return { text: `${decision.error}. Оформите подписку в приложении.`, buttons: miniAppButtons(ctx) };
    await setLiraStatus(ctx.db, userId, decision.status, now);
    ctx.liraMatcher.wake(userId);
    return { text: done(decision.status), buttons: [] };
  };
  switch (shown) {
    case 'NOT_CREATED':
      return { text: NOT_CREATED, buttons: [[settingsButton(ctx)]] };
    case 'NOT_PAID':
      return apply('START', () => 'ИИ Поиск запускается. Подождите немного, скоро будут подобраны первые квартиры');
    case 'EXPIRED':
      return {
        text: 'Ваша подписка истекла. Продлите её в приложении — и я снова начну присылать квартиры.',
        buttons: miniAppButtons(ctx),
      };
    case 'START':
    case 'ACTIVE':
    case 'CANCELLED':
      return { text: `ИИ Поиск уже работает${shown === 'CANCELLED' ? untilText(subscription) : ''}.`, buttons: [] };
    case 'STOP':
    case 'REJECTED':
      return apply('ACTIVE', (status) =>
        status === 'CANCELLED'
          ? `ИИ Поиск снова работает${untilText(subscription)}: продление подписки отключено. Новые квартиры будут приходить сюда.`
          : 'ИИ Поиск снова работает: новые квартиры будут приходить сюда.',
      );
  }
}
