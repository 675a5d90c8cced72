/**
 * The page table of spec §2: what each page is (path, name, title, whether the server renders it and search engines
 * index it). The ONE place a page is declared: the browser's and the server renderer's data router are built from it
 * (src/app/routes.tsx attaches the components and loaders), and the server's head, status and robots read it
 * (server/seo, server/http). Pure data and react-router's own matcher, so both sides match a path the same way.
 */
import { matchRoutes } from 'react-router-dom';

/** The product's name, in every browser title and the server's crawlable HTML. */
export const PRODUCT_NAME = 'Кварта';

export const ROUTES = {
  HOME: '/',
  AGENT: '/agent',
  FAV: '/favourites',
  EXTERNAL_LINK: '/external-link',
  MY_DATA: '/my-data',
  APART: '/:cityLink/apart/:apartId',
  COMPLEX: '/:cityLink/complex/:complexId',
  COMPARE: '/compare',
  SERVICES: '/services',
  SERVICES_DETAIL: '/services/:serviceSlug',
  ANALYTICS: '/analytics',
  ANALYTICS_DETAILS: '/analytics-details',
  CONSENT: '/consent/:purpose',
  /** 149-FZ art. 10.2-2: how TOP, the AI index and AI search recommend, published for everyone. */
  RECOMMENDATION_RULES: '/recommendation-rules',
  NOT_FOUND: '/404',
} as const;

export type RouteName = keyof typeof ROUTES;

export interface PageRoute {
  name: RouteName;
  path: string;
  /** The browser title is '{title} | Кварта' (a page may set its own, e.g. the apartment's). */
  title: string;
  /** Rendered on the server: the public pages search engines and shared links land on. */
  ssr: boolean;
  /** Sign-in-dependent: nothing there for a search engine (noindex, robots.txt). */
  personal: boolean;
  /** Its own layout: the page without the navigation around it. */
  bare: boolean;
}

const page = (name: RouteName, title: string, flags: Partial<Pick<PageRoute, 'ssr' | 'personal' | 'bare'>> = {}): PageRoute => ({
  name,
  path: ROUTES[name],
  title,
  ssr: flags.ssr ?? false,
  personal: flags.personal ?? false,
  bare: flags.bare ?? false,
});

/** Every page, in matching order; an unmatched path is NOT_FOUND (the table's catch-all, `CATCH_ALL_PATH`). */
export const PAGE_ROUTES: readonly PageRoute[] = [
  page('HOME', 'ТОП', { ssr: true }),
  page('AGENT', 'ИИ Поиск', { personal: true }),
  page('FAV', 'Избранное', { personal: true }),
  page('EXTERNAL_LINK', 'Переход по внешней ссылке', { personal: true }),
  page('MY_DATA', 'Мои данные', { personal: true }),
  page('APART', 'Квартира', { ssr: true }),
  page('COMPLEX', 'Жилой комплекс', { ssr: true }),
  page('COMPARE', 'Сравнение квартир'),
  page('SERVICES', 'Услуги', { ssr: true }),
  page('SERVICES_DETAIL', 'Услуги', { ssr: true }),
  page('ANALYTICS', 'ИИ Анализ возможностей', { ssr: true }),
  page('ANALYTICS_DETAILS', 'ИИ Анализ возможностей | Подробнее', { bare: true }),
  page('CONSENT', 'Согласие на обработку персональных данных'),
  page('RECOMMENDATION_RULES', 'Правила применения рекомендательных технологий', { ssr: true }),
  page('NOT_FOUND', 'Страница не найдена'),
];

/** The route that catches every path no page matches: the NOT_FOUND page. */
export const CATCH_ALL_PATH = '*';

export const PAGE_BY_NAME = Object.fromEntries(PAGE_ROUTES.map((route) => [route.name, route])) as Record<RouteName, PageRoute>;

/** Titles by route name (spec §2 route table). */
export const ROUTE_TITLES = Object.fromEntries(PAGE_ROUTES.map((route) => [route.name, route.title])) as Record<RouteName, string>;

export interface PageMatch {
  route: PageRoute;
  params: Readonly<Record<string, string>>;
}

const MATCHABLE = PAGE_ROUTES.map((route) => ({ path: route.path, route }));

/** The page a pathname belongs to with its parameters, or null (then it is NOT_FOUND). react-router's matcher. */
export function matchPage(pathname: string): PageMatch | null {
  const found = matchRoutes(MATCHABLE, pathname)?.[0];
  if (!found) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(found.params)) if (value !== undefined) params[key] = value;
  return { route: found.route.route, params };
}

/** The name of the page a pathname belongs to, or null. `/404` itself is NOT_FOUND. */
export function matchRoute(pathname: string): RouteName | null {
  return matchPage(pathname)?.route.name ?? null;
}

/** The site path of an apartment's page and of a service's page (the table's patterns, filled in). */
export const apartmentPath = (cityLink: string, apartId: number | string) => `/${cityLink}/apart/${apartId}`;
/** A complex's (or a resale house's) page. */
export const complexPath = (cityLink: string, complexId: number | string) => `/${cityLink}/complex/${complexId}`;
export const servicePath = (slug: string) => `/services/${slug}`;
/** A consent's text (contract/consent-texts.ts); an earlier wording with `?version=N`. */
export const consentPath = (purpose: string, version?: number) => `/consent/${purpose}${version ? `?version=${version}` : ''}`;
