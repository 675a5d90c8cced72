import type { PersonalData } from '@kvarta/contract/cabinet';
import { formatMoney } from '@kvarta/contract/format';

/** One row of a section: its Russian label and the value as a person reads it. */
export type Field = readonly [label: string, value: string];

const DATE_TIME = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/** '29.11.2026, 09:39 (МСК)'; a dash for none. */
export const dateText = (iso: string | null): string => (iso ? `${DATE_TIME.format(new Date(iso))} (МСК)` : '—');
export const yesNo = (value: boolean): string => (value ? 'Да' : 'Нет');
const orDash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : String(value);
const roubles = (value: number | null) => (value === null ? '—' : formatMoney(value, 'RUB'));
const list = (values: readonly string[]) => (values.length ? values.join(', ') : '—');

const PURPOSES: Readonly<Record<string, string>> = {
  callback: 'Обратный звонок (имя и телефон для менеджера)',
  analytics: 'Аналитика и реклама (Метрика, AdFox)',
};
const CHANNELS = { website: 'сайт', miniApp: 'мини-приложение в Telegram' } as const;
const REALTY = { all: 'все', new: 'новостройки', resale: 'вторичное жильё' } as const;
const IMPORTANCE = { desirable: 'желательно', important: 'важно', veryImportant: 'очень важно' } as const;
const WHERE = { top: 'ТОП', aiSearch: 'ИИ Поиск', favourites: 'Избранное', other: 'другое' } as const;
const METHODS = { card: 'картой', stars: 'Telegram Stars', sandbox: 'тестовая оплата' } as const;
const SUBSCRIPTION_STATUS: Readonly<Record<string, string>> = {
  ACTIVE: 'активна',
  CANCELLED: 'отменена, действует до конца срока',
  EXPIRED: 'истекла',
  PAST_DUE: 'не удалось продлить',
};
const AI_STATUS: Readonly<Record<string, string>> = {
  NOT_CREATED: 'не создан',
  NOT_PAID: 'не оплачен',
  START: 'запущен',
  ACTIVE: 'работает',
  STOP: 'остановлен',
  REJECTED: 'отклонён',
  CANCELLED: 'отменён',
  EXPIRED: 'истёк',
};

export const purposeText = (purpose: string) => PURPOSES[purpose] ?? purpose;

type Settings = NonNullable<PersonalData['topSettings']>;
function searchFields(s: Omit<Settings, 'updatedAt'>): Field[] {
  return [
    ['Города', list(s.cities)],
    ['Районы', list(s.districts)],
    ['Станции метро', list(s.metroStations)],
    ['Цена от', roubles(s.priceFrom)],
    ['Цена до', roubles(s.priceTo)],
    ['Комнат', s.rooms.length ? s.rooms.map((r) => (r === 0 ? 'студия' : String(r))).join(', ') : '—'],
    ['Тип жилья', s.realtyType ? REALTY[s.realtyType] : '—'],
    ['Площадь от, м²', orDash(s.areaFrom)],
    ['Кухня от, м²', orDash(s.kitchenAreaFrom)],
    ['Пожелания', list(s.wishes.map((w) => (w.importance ? `${w.wish} (${IMPORTANCE[w.importance]})` : w.wish)))],
  ];
}

export const profileFields = (p: NonNullable<PersonalData['profile']>): Field[] => [
  ['Имя', orDash(p.name)],
  ['Город', orDash(p.city)],
  ['Вход через Telegram', yesNo(p.signedInThroughTelegram)],
  ['Персональные рекомендации', p.personalisedRecommendations ? 'Включены' : 'Выключены'],
  ['Профиль создан', dateText(p.createdAt)],
];

export const topFields = (s: Settings): Field[] => [...searchFields(s), ['Изменены', dateText(s.updatedAt)]];

export const aiSearchFields = (s: NonNullable<PersonalData['aiSearch']>): Field[] => [
  ['Статус', AI_STATUS[s.status] ?? s.status],
  ...searchFields(s),
  ['Расширенный поиск', yesNo(s.widerSearch)],
  ['Подбор экспертом', yesNo(s.expertSelection)],
  ['Создан', dateText(s.createdAt)],
  ['Изменён', dateText(s.updatedAt)],
];

export const alertFields = (a: NonNullable<PersonalData['favouriteAlerts']>): Field[] => [
  ['Сообщать об изменениях в Telegram', yesNo(a.enabled)],
  ['Последнее сообщение', dateText(a.lastSentAt)],
];

export const subscriptionFields = (s: PersonalData['subscriptions'][number]): Field[] => [
  ['Услуга', s.service],
  ['Статус', SUBSCRIPTION_STATUS[s.status] ?? s.status],
  ['Действует до', dateText(s.activeUntil)],
  ['Автопродление', yesNo(s.autoRenewal)],
  ['Способ оплаты', s.method ? METHODS[s.method] : '—'],
  ['Период, дней', orDash(s.periodDays)],
  ['Сумма продления', s.renewalAmount === null || !s.currency ? '—' : formatMoney(s.renewalAmount, s.currency)],
  ['Только бесплатные дни', yesNo(s.freeDaysOnly)],
  ['Оформлена', dateText(s.createdAt)],
];

export const paymentFields = (p: PersonalData['payments'][number]): Field[] => [
  ['Услуга', p.service],
  ['Сумма', formatMoney(p.amount, p.currency)],
  ['Способ', METHODS[p.method]],
  ['Дней', String(p.days)],
  ['Вид', p.kind === 'renewal' ? 'автопродление' : 'оплата'],
  ['Статус', p.status === 'refunded' ? 'возвращён' : 'оплачен'],
  ['Промокод', orDash(p.promocode)],
  ['E-mail для чека', orDash(p.receiptEmail)],
  ['Создан', dateText(p.createdAt)],
  ['Завершён', dateText(p.completedAt)],
];

export const consentFields = (c: PersonalData['consents'][number]): Field[] => [
  ['Решение', c.given ? 'Согласие дано' : 'Отказ или отзыв'],
  ['Версия текста', String(c.version)],
  ['Когда принято решение', dateText(c.decidedAt)],
  ['Когда дано согласие', dateText(c.givenAt)],
  ['Где', c.channel ? CHANNELS[c.channel] : '—'],
];

export const callbackFields = (c: PersonalData['callbackRequests'][number]): Field[] => [
  ['Имя', c.name],
  ['Телефон', c.phone],
  ['Город', orDash(c.city)],
  ['О чём', orDash(c.about)],
  ['Страница', orDash(c.page)],
  ['Когда', dateText(c.requestedAt)],
  ['Согласие дано', `${dateText(c.consentAt)}, версия ${c.consentVersion}`],
];

export const signInRequestFields = (r: PersonalData['signIn']['requests'][number]): Field[] => [
  ['Что', r.kind === 'signIn' ? 'Вход через бота' : 'Привязка Telegram'],
  ['Откуда', r.from ? CHANNELS[r.from] : '—'],
  ['Устройство (браузер)', orDash(r.device)],
  ['Запрошено', dateText(r.requestedAt)],
  ['Подтверждено', dateText(r.confirmedAt)],
];

export const whereText = (where: PersonalData['ratings'][number]['where']) => WHERE[where];
export const priceText = roubles;
