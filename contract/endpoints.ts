/**
 * Every JSON route of the three APIs, once: method, service (which base), path and who may call it.
 * Zod-free, so the client can import it at run time; the schemas of each route live under the same
 * name in `schemas.ts`, and the compiler checks the two tables key for key.
 */
import type { ApiService } from './paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - `anyone`: no token needed (a valid one may still identify the caller);
 * - `token`: any bearer token, anonymous or not (401 without one);
 * - `signedIn`: a token of a user signed in through Telegram (401 without a token, 403 for an anonymous one).
 */
export type Access = 'anyone' | 'token' | 'signedIn';

export interface Endpoint {
  method: HttpMethod;
  service: ApiService;
  /** Relative to the service's base; placeholders look like `{name}` (spec §5 URL building). */
  path: string;
  access: Access;
  /** One line for the reference page. */
  summary: string;
}

const main = 'main' as const;

/** `satisfies` keeps each literal (so the client can infer by name) and checks every entry's shape. */
export const endpoints = {
  // Reference data (spec §7 Main API /init).
  health: { method: 'GET', service: main, path: '/health', access: 'anyone', summary: 'Состояние сервера' },
  cityList: { method: 'GET', service: main, path: '/init/city-list', access: 'anyone', summary: 'Города' },
  areaList: { method: 'GET', service: main, path: '/init/area-list/{cityIds}', access: 'anyone', summary: 'Районы городов' },
  metroList: { method: 'POST', service: main, path: '/init/metro-list', access: 'anyone', summary: 'Станции метро городов' },
  texts: { method: 'GET', service: main, path: '/init/texts', access: 'anyone', summary: 'Тексты интерфейса' },
  // Cabinet.
  cabinetProfile: {
    method: 'GET',
    service: main,
    path: '/cabinet/profile',
    access: 'token',
    summary: 'Профиль (null для отозванного токена)',
  },
  cabinetProfileUpdate: { method: 'PUT', service: main, path: '/cabinet/profile', access: 'token', summary: 'Изменить имя или город' },
  // Catalogue (issue 3). Where spec §7 names an endpoint without its path, the path here is ours.
  presetList: { method: 'GET', service: main, path: '/selection/preset', access: 'anyone', summary: 'Пресеты ТОПа и ИИ Поиска' },
  wishGroups: { method: 'GET', service: main, path: '/selection/wish-group', access: 'anyone', summary: 'Пожелания' },
  portraits: { method: 'GET', service: main, path: '/selection/templates', access: 'anyone', summary: 'Портреты покупателей' },
  apartment: { method: 'POST', service: main, path: '/apartment', access: 'anyone', summary: 'Квартира' },
  apartmentExtendedCard: {
    method: 'GET',
    service: main,
    path: '/apartment/extended-card',
    access: 'anyone',
    summary: 'Квартира с карточкой ЖК и инфраструктурой',
  },
  apartmentAdverts: { method: 'GET', service: main, path: '/apartment/{apartId}/advert', access: 'anyone', summary: 'Объявления квартиры' },
  apartmentAnalogues: {
    method: 'GET',
    service: main,
    path: '/apartment/{apartId}/analogue',
    access: 'anyone',
    summary: 'Похожие квартиры в других ЖК',
  },
  apartmentSameLayout: {
    method: 'GET',
    service: main,
    path: '/apartment/{apartId}/same-layout',
    access: 'anyone',
    summary: 'Та же планировка в этом ЖК',
  },
  apartmentPriceHistory: {
    method: 'GET',
    service: main,
    path: '/apartment/{apartId}/price-history',
    access: 'anyone',
    summary: 'История цены за м²',
  },
  apartmentSelectionInfo: {
    method: 'GET',
    service: main,
    path: '/apartment/selection-info',
    access: 'anyone',
    summary: 'Индекс AI квартиры',
  },
  apartmentsOnMap: { method: 'GET', service: main, path: '/apartment/on-map', access: 'anyone', summary: 'Квартиры дома' },
  complexInfrastructure: { method: 'GET', service: main, path: '/infrastructure/complex', access: 'anyone', summary: 'Инфраструктура ЖК' },
  complexProperties: { method: 'GET', service: main, path: '/complex-card/properties', access: 'anyone', summary: 'Карточка ЖК' },
  statistics: { method: 'POST', service: main, path: '/selection/statistics', access: 'anyone', summary: 'Аналитика цен' },
  statisticsDetailed: {
    method: 'POST',
    service: main,
    path: '/selection/statistics/detailed',
    access: 'anyone',
    summary: 'Аналитика по районам',
  },
  services: { method: 'GET', service: main, path: '/service/extended', access: 'anyone', summary: 'Услуги' },
  faq: { method: 'GET', service: main, path: '/content/faq/list', access: 'anyone', summary: 'Вопросы и ответы' },
  // TOP and favourites (issue 5).
  topProfile: {
    method: 'GET',
    service: main,
    path: '/selection/swipe/profile',
    access: 'token',
    summary: 'Профиль ТОПа (404, если не создан)',
  },
  topProfileSave: { method: 'POST', service: main, path: '/selection/swipe/profile', access: 'token', summary: 'Сохранить профиль ТОПа' },
  topProfileEnsure: {
    method: 'PUT',
    service: main,
    path: '/selection/swipe/profile',
    access: 'token',
    summary: 'Профиль ТОПа, созданный по умолчанию при отсутствии',
  },
  topList: { method: 'POST', service: main, path: '/selection/swipe/variant/list', access: 'token', summary: 'ТОП' },
  topGuestList: {
    method: 'POST',
    service: main,
    path: '/selection/swipe/variant/guest-list',
    access: 'anyone',
    summary: 'ТОП для нового посетителя: без лайков и истории (его видят поисковики и первая отрисовка страницы)',
  },
  topMap: { method: 'POST', service: main, path: '/selection/swipe/variant/map', access: 'token', summary: 'ТОП на карте' },
  topMapGrouped: {
    method: 'POST',
    service: main,
    path: '/selection/swipe/variant/map/grouped',
    access: 'token',
    summary: 'ТОП на карте по домам',
  },
  topSidebar: {
    method: 'POST',
    service: main,
    path: '/selection/swipe/variant/sidebar',
    access: 'token',
    summary: 'Квартиры дома по реакциям',
  },
  topReaction: { method: 'POST', service: main, path: '/selection/swipe/evaluate-variant', access: 'token', summary: 'Лайк или дизлайк' },
  topLiked: { method: 'GET', service: main, path: '/selection/swipe/profile/liked', access: 'token', summary: 'Избранное' },
  // AI search (LIRA) and its subscription (issue 6). Sidebar, periods and payments paths are ours.
  liraProfile: {
    method: 'GET',
    service: main,
    path: '/selection/lira/profile',
    access: 'token',
    summary: 'Профиль ИИ Поиска (404, если не создан)',
  },
  liraProfileCreate: {
    method: 'POST',
    service: main,
    path: '/selection/lira/profile',
    access: 'signedIn',
    summary: 'Создать профиль ИИ Поиска',
  },
  liraProfileUpdate: {
    method: 'PUT',
    service: main,
    path: '/selection/lira/profile',
    access: 'signedIn',
    summary: 'Изменить профиль ИИ Поиска',
  },
  liraSettings: {
    method: 'PUT',
    service: main,
    path: '/selection/lira/profile/settings',
    access: 'signedIn',
    summary: 'Расширения поиска',
  },
  liraStatus: {
    method: 'PUT',
    service: main,
    path: '/selection/lira/profile/status',
    access: 'signedIn',
    summary: 'Запустить или остановить агента',
  },
  liraFiltersCheck: {
    method: 'POST',
    service: main,
    path: '/selection/lira/filters-check',
    access: 'token',
    summary: 'Сколько квартир подходит под фильтры',
  },
  liraStatistics: {
    method: 'GET',
    service: main,
    path: '/selection/lira/statistics',
    access: 'token',
    summary: 'Счётчики подборки ИИ Поиска',
  },
  liraVariantList: { method: 'GET', service: main, path: '/selection/lira/variant', access: 'token', summary: 'Подборка ИИ Поиска' },
  liraMap: { method: 'GET', service: main, path: '/selection/lira/variant/map', access: 'token', summary: 'Подборка ИИ Поиска на карте' },
  liraMapGrouped: {
    method: 'GET',
    service: main,
    path: '/selection/lira/variant/map/grouped',
    access: 'token',
    summary: 'Подборка ИИ Поиска на карте по домам',
  },
  liraSidebar: {
    method: 'GET',
    service: main,
    path: '/selection/lira/variant/sidebar',
    access: 'token',
    summary: 'Предложенные квартиры дома',
  },
  liraFeedback: {
    method: 'POST',
    service: main,
    path: '/selection/lira/feedback',
    access: 'signedIn',
    summary: 'Лайк или дизлайк предложению агента',
  },
  subscription: {
    method: 'GET',
    service: main,
    path: '/cabinet/profile/subscription',
    access: 'token',
    summary: 'Подписка (404, если не оформлена)',
  },
  subscribe: {
    method: 'POST',
    service: main,
    path: '/cabinet/profile/subscription',
    access: 'signedIn',
    summary: 'Оформить подписку (промокод или оплата)',
  },
  subscriptionCancel: {
    method: 'DELETE',
    service: main,
    path: '/cabinet/profile/subscription',
    access: 'signedIn',
    summary: 'Отменить подписку',
  },
  promocodeCheck: {
    method: 'POST',
    service: main,
    path: '/cabinet/profile/subscription/promocode-check',
    access: 'token',
    summary: 'Проверить промокод',
  },
  subscriptionPeriods: {
    method: 'GET',
    service: main,
    path: '/cabinet/profile/subscription/periods',
    access: 'anyone',
    summary: 'Периоды подписки и цены',
  },
  paymentStart: { method: 'POST', service: main, path: '/cabinet/payments', access: 'signedIn', summary: 'Начать оплату периода' },
  payment: { method: 'GET', service: main, path: '/cabinet/payments/{paymentId}', access: 'token', summary: 'Платёж' },
  // Passport: anonymous tokens and sign-in through Telegram.
  passportToken: { method: 'POST', service: 'passport', path: '/data/token', access: 'anyone', summary: 'Анонимный токен' },
  loginTelegram: {
    method: 'POST',
    service: 'passport',
    path: '/data/login/telegram',
    access: 'anyone',
    summary: 'Вход через Telegram Login Widget',
  },
  loginInitData: {
    method: 'POST',
    service: 'passport',
    path: '/data/login/telegram/init-data',
    access: 'anyone',
    summary: 'Вход из Mini App по initData',
  },
  telegramBinding: {
    method: 'POST',
    service: 'passport',
    path: '/data/telegram',
    access: 'token',
    summary: 'Вход или привязка через бота',
  },
  // Bot web-app API: call-back requests (issue 7).
  callbackSale: { method: 'POST', service: 'botApi', path: '/callback/sale', access: 'anyone', summary: 'Заявка на обратный звонок' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export type EndpointOf<N extends EndpointName> = (typeof endpoints)[N];

export const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];
