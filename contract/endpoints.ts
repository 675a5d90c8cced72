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
 * - `signedIn`: a token of a user signed in through Telegram (401 without a token, 403 for an anonymous one);
 * - `admin`: the operator's ADMIN_TOKEN as the bearer token (401 without one, 403 for any other; 404 while unset).
 */
export type Access = 'anyone' | 'token' | 'signedIn' | 'admin';

export interface Endpoint {
  method: HttpMethod;
  service: ApiService;
  /** Relative to the service's base; placeholders look like `{name}` (spec §5 URL building). */
  path: string;
  access: Access;
}

const main = 'main' as const;

/** `satisfies` keeps each literal (so the client can infer by name) and checks every entry's shape. */
export const endpoints = {
  // Reference data (spec §7 Main API /init).
  health: { method: 'GET', service: main, path: '/health', access: 'anyone' },
  ready: { method: 'GET', service: main, path: '/ready', access: 'anyone' },
  cityList: { method: 'GET', service: main, path: '/init/city-list', access: 'anyone' },
  areaList: { method: 'GET', service: main, path: '/init/area-list/{cityIds}', access: 'anyone' },
  metroList: { method: 'POST', service: main, path: '/init/metro-list', access: 'anyone' },
  texts: { method: 'GET', service: main, path: '/init/texts', access: 'anyone' },
  operatorInfo: { method: 'GET', service: main, path: '/init/operator', access: 'anyone' },
  // Cabinet.
  cabinetProfile: {
    method: 'GET',
    service: main,
    path: '/cabinet/profile',
    access: 'token',
  },
  cabinetProfileUpdate: { method: 'PUT', service: main, path: '/cabinet/profile', access: 'token' },
  // Personal data (152-FZ): «Скачать мои данные» and «Удалить аккаунт и данные». Paths are ours.
  personalData: { method: 'GET', service: main, path: '/cabinet/profile/data', access: 'token' },
  accountDelete: { method: 'POST', service: main, path: '/cabinet/profile/delete', access: 'token' },
  // Catalogue. Where spec §7 names an endpoint without its path, the path here is ours.
  presetList: { method: 'GET', service: main, path: '/selection/preset', access: 'anyone' },
  wishGroups: { method: 'GET', service: main, path: '/selection/wish-group', access: 'anyone' },
  portraits: { method: 'GET', service: main, path: '/selection/templates', access: 'anyone' },
  apartment: { method: 'POST', service: main, path: '/apartment', access: 'anyone' },
  apartmentExtendedCard: {
    method: 'GET',
    service: main,
    path: '/apartment/extended-card',
    access: 'anyone',
  },
  apartmentAdverts: { method: 'GET', service: main, path: '/apartment/{apartId}/advert', access: 'anyone' },
  apartmentAnalogues: {
    method: 'GET',
    service: main,
    path: '/apartment/{apartId}/analogue',
    access: 'anyone',
  },
  apartmentSameLayout: {
    method: 'GET',
    service: main,
    path: '/apartment/{apartId}/same-layout',
    access: 'anyone',
  },
  apartmentPriceHistory: {
    method: 'GET',
    service: main,
    path: '/apartment/{apartId}/price-history',
    access: 'anyone',
  },
  apartmentSelectionInfo: {
    method: 'GET',
    service: main,
    path: '/apartment/selection-info',
    access: 'anyone',
  },
  apartmentsOnMap: { method: 'GET', service: main, path: '/apartment/on-map', access: 'anyone' },
  // The Mini App's share of a listing to a chat (a message prepared for the signed-in Telegram user). Path is ours.
  apartmentShareMessage: { method: 'POST', service: main, path: '/apartment/{apartId}/share-message', access: 'signedIn' },
  // The operator's view of feed imports (server/feeds).
  adminFeeds: { method: 'GET', service: main, path: '/admin/feeds', access: 'admin' },
  // Mortgage programmes: the operator enters them; buyers read those open today.
  adminMortgagePrograms: { method: 'GET', service: main, path: '/admin/mortgage-programs', access: 'admin' },
  adminMortgageProgramCreate: { method: 'POST', service: main, path: '/admin/mortgage-programs', access: 'admin' },
  adminMortgageProgramUpdate: { method: 'PUT', service: main, path: '/admin/mortgage-programs/{programId}', access: 'admin' },
  adminMortgageProgramDelete: { method: 'DELETE', service: main, path: '/admin/mortgage-programs/{programId}', access: 'admin' },
  mortgagePrograms: { method: 'GET', service: main, path: '/mortgage/programs', access: 'anyone' },
  // Search by a sentence.
  searchParse: { method: 'POST', service: main, path: '/search/parse', access: 'anyone' },
  complexInfrastructure: { method: 'GET', service: main, path: '/infrastructure/complex', access: 'anyone' },
  complexProperties: { method: 'GET', service: main, path: '/complex-card/properties', access: 'anyone' },
  // A complex's page and compare.
  complexPage: { method: 'GET', service: main, path: '/complex/{complexId}', access: 'anyone' },
  apartmentCompare: { method: 'GET', service: main, path: '/apartment/compare', access: 'anyone' },
  statistics: { method: 'POST', service: main, path: '/selection/statistics', access: 'anyone' },
  statisticsDetailed: {
    method: 'POST',
    service: main,
    path: '/selection/statistics/detailed',
    access: 'anyone',
  },
  services: { method: 'GET', service: main, path: '/service/extended', access: 'anyone' },
  faq: { method: 'GET', service: main, path: '/content/faq/list', access: 'anyone' },
  // TOP and favourites.
  topProfile: {
    method: 'GET',
    service: main,
    path: '/selection/swipe/profile',
    access: 'token',
  },
  topProfileSave: { method: 'POST', service: main, path: '/selection/swipe/profile', access: 'token' },
  topProfileEnsure: {
    method: 'PUT',
    service: main,
    path: '/selection/swipe/profile',
    access: 'token',
  },
  topList: { method: 'POST', service: main, path: '/selection/swipe/variant/list', access: 'token' },
  topGuestList: {
    method: 'POST',
    service: main,
    path: '/selection/swipe/variant/guest-list',
    access: 'anyone',
  },
  topMap: { method: 'POST', service: main, path: '/selection/swipe/variant/map', access: 'token' },
  topMapGrouped: {
    method: 'POST',
    service: main,
    path: '/selection/swipe/variant/map/grouped',
    access: 'token',
  },
  topSidebar: {
    method: 'POST',
    service: main,
    path: '/selection/swipe/variant/sidebar',
    access: 'token',
  },
  topReaction: { method: 'POST', service: main, path: '/selection/swipe/evaluate-variant', access: 'token' },
  topLiked: { method: 'GET', service: main, path: '/selection/swipe/profile/liked', access: 'token' },
  // Favourites' notes and price alerts.
  favouriteMarks: { method: 'GET', service: main, path: '/selection/swipe/profile/liked/marks', access: 'token' },
  favouriteNote: { method: 'PUT', service: main, path: '/selection/swipe/profile/liked/{apartId}/note', access: 'token' },
  favouriteAlerts: { method: 'PUT', service: main, path: '/selection/swipe/profile/liked/alerts', access: 'token' },
  // AI search (LIRA) and its subscription. Sidebar, periods and payments paths are ours.
  liraProfile: {
    method: 'GET',
    service: main,
    path: '/selection/lira/profile',
    access: 'token',
  },
  liraProfileCreate: {
    method: 'POST',
    service: main,
    path: '/selection/lira/profile',
    access: 'signedIn',
  },
  liraProfileUpdate: {
    method: 'PUT',
    service: main,
    path: '/selection/lira/profile',
    access: 'signedIn',
  },
  liraSettings: {
    method: 'PUT',
    service: main,
    path: '/selection/lira/profile/settings',
    access: 'signedIn',
  },
  liraStatus: {
    method: 'PUT',
    service: main,
    path: '/selection/lira/profile/status',
    access: 'signedIn',
  },
  liraFiltersCheck: {
    method: 'POST',
    service: main,
    path: '/selection/lira/filters-check',
    access: 'token',
  },
  liraStatistics: {
    method: 'GET',
    service: main,
    path: '/selection/lira/statistics',
    access: 'token',
  },
  liraVariantList: { method: 'GET', service: main, path: '/selection/lira/variant', access: 'token' },
  liraMap: { method: 'GET', service: main, path: '/selection/lira/variant/map', access: 'token' },
  liraMapGrouped: {
    method: 'GET',
    service: main,
    path: '/selection/lira/variant/map/grouped',
    access: 'token',
  },
  liraSidebar: {
    method: 'GET',
    service: main,
    path: '/selection/lira/variant/sidebar',
    access: 'token',
  },
  liraFeedback: {
    method: 'POST',
    service: main,
    path: '/selection/lira/feedback',
    access: 'signedIn',
  },
  subscription: {
    method: 'GET',
    service: main,
    path: '/cabinet/profile/subscription',
    access: 'token',
  },
  subscribe: {
    method: 'POST',
    service: main,
    path: '/cabinet/profile/subscription',
    access: 'signedIn',
  },
  subscriptionCancel: {
    method: 'DELETE',
    service: main,
    path: '/cabinet/profile/subscription',
    access: 'signedIn',
  },
  promocodeCheck: {
    method: 'POST',
    service: main,
    path: '/cabinet/profile/subscription/promocode-check',
    access: 'token',
  },
  subscriptionPeriods: {
    method: 'GET',
    service: main,
    path: '/cabinet/profile/subscription/periods',
    access: 'anyone',
  },
  paymentStart: { method: 'POST', service: main, path: '/cabinet/payments', access: 'signedIn' },
  payment: { method: 'GET', service: main, path: '/cabinet/payments/{paymentId}', access: 'token' },
  // Passport: anonymous tokens and sign-in through Telegram.
  passportToken: { method: 'POST', service: 'passport', path: '/data/token', access: 'anyone' },
  loginTelegram: {
    method: 'POST',
    service: 'passport',
    path: '/data/login/telegram',
    access: 'anyone',
  },
  loginInitData: {
    method: 'POST',
    service: 'passport',
    path: '/data/login/telegram/init-data',
    access: 'anyone',
  },
  telegramBinding: {
    method: 'POST',
    service: 'passport',
    path: '/data/telegram',
    access: 'token',
  },
  // Real-user speed (web-vitals) from the pages, counted into /metrics.
  vitalsReport: { method: 'POST', service: main, path: '/vitals', access: 'anyone' },
  // Bot web-app API: call-back requests.
  callbackSale: { method: 'POST', service: 'botApi', path: '/callback/sale', access: 'anyone' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export type EndpointOf<N extends EndpointName> = (typeof endpoints)[N];

export const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];
