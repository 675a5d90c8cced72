/**
 * The SPA route table (spec §2). Shared with the server so it can answer
 * unknown page paths with the SPA and HTTP 404.
 */
/** The product's name, in every browser title and the server's crawlable HTML. */
export const PRODUCT_NAME = 'Кварта';

export const ROUTES = {
  HOME: '/',
  AGENT: '/agent',
  FAV: '/favourites',
  EXTERNAL_LINK: '/external-link',
  APART: '/:cityLink/apart/:apartId',
  SERVICES: '/services',
  SERVICES_DETAIL: '/services/:serviceSlug',
  ANALYTICS: '/analytics',
  ANALYTICS_DETAILS: '/analytics-details',
  NOT_FOUND: '/404',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Titles by route (spec §2 route table); the browser title is '{title} | Кварта'. */
export const ROUTE_TITLES: Record<RouteName, string> = {
  HOME: 'ТОП',
  AGENT: 'ИИ Поиск',
  FAV: 'Избранное',
  EXTERNAL_LINK: 'Переход по внешней ссылке',
  APART: 'Квартира',
  SERVICES: 'Услуги',
  SERVICES_DETAIL: 'Услуги',
  ANALYTICS: 'ИИ Анализ возможностей',
  ANALYTICS_DETAILS: 'ИИ Анализ возможностей | Подробнее',
  NOT_FOUND: 'Страница не найдена',
};

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const MATCHERS = (Object.keys(ROUTES) as RouteName[]).map((name) => ({ name, re: patternToRegExp(ROUTES[name]) }));

/** The route a pathname belongs to, or null (then it is NOT_FOUND). `/404` itself is NOT_FOUND. */
export function matchRoute(pathname: string): RouteName | null {
  for (const { name, re } of MATCHERS) if (re.test(pathname)) return name;
  return null;
}
