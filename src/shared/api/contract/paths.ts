/** API bases, same origin by default (DESIGN §2). */
export const API_BASES = { main: '/api', passport: '/passport', botApi: '/bot-api' } as const;

/** Paths relative to their base. Placeholders look like `{name}` (spec §5 URL building). */
export const API_PATHS = {
  HEALTH: '/health',
  CITY_LIST: '/init/city-list',
  AREA_LIST: '/init/area-list/{cityIds}',
  METRO_LIST: '/init/metro-list',
  TEXTS: '/init/texts',
  PASSPORT_TOKEN: '/data/token',
  PASSPORT_LOGIN_TELEGRAM: '/data/login/telegram',
  PASSPORT_LOGIN_INIT_DATA: '/data/login/telegram/init-data',
  PASSPORT_BINDING: '/data/telegram',
  PASSPORT_EVENTS: '/data/events/telegram/{id}',
  CABINET_PROFILE: '/cabinet/profile',
  // Catalogue (issue 3). Where spec §7 names an endpoint without its path, the path here is ours.
  SELECTION_PRESET: '/selection/preset',
  WISH_GROUPS: '/selection/wish-group',
  PORTRAITS: '/selection/templates',
  APART: '/apartment',
  APART_EXTENDED_CARD: '/apartment/extended-card',
  APART_ADVERT: '/apartment/{apartId}/advert',
  APART_ANALOGUE: '/apartment/{apartId}/analogue',
  APART_SAME_LAYOUT: '/apartment/{apartId}/same-layout',
  APART_PRICE_HISTORY: '/apartment/{apartId}/price-history',
  APART_SELECTION_INFO: '/apartment/selection-info',
  APART_ON_MAP: '/apartment/on-map',
  INFRASTRUCTURE_COMPLEX: '/infrastructure/complex',
  COMPLEX_PROPERTIES: '/complex-card/properties',
  SELECTION_ANALYTICS: '/selection/statistics',
  ANALYTICS_DETAILS: '/selection/statistics/detailed',
  SERVICES: '/service/extended',
  FAQ: '/content/faq/list',
  // TOP and favourites (issue 5).
  TOP_PROFILE: '/selection/swipe/profile',
  TOP_LIKED: '/selection/swipe/profile/liked',
  TOP_LIST: '/selection/swipe/variant/list',
  TOP_MAP: '/selection/swipe/variant/map',
  TOP_MAP_GROUPED: '/selection/swipe/variant/map/grouped',
  TOP_SIDEBAR: '/selection/swipe/variant/sidebar',
  TOP_REACTION: '/selection/swipe/evaluate-variant',
  // Bot web-app API (base botApi): call-back requests (issue 7).
  CALLBACK_SALE: '/callback/sale',
  // Services illustrations (issue 7), 1x/2x/3x by ?scale=.
  SERVICE_HERO: '/media/service/{kind}.svg',
  REVIEWER_AVATAR: '/media/reviewer/{n}.svg',
} as const;
