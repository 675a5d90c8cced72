import { API_BASES, RAW_PATHS } from '@kvarta/contract';
import {
  apartmentPath,
  complexPath,
  matchPage,
  PAGE_BY_NAME,
  PAGE_ROUTES,
  PRODUCT_NAME,
  ROUTE_TITLES,
  ROUTES,
  servicePath,
  type RouteName,
} from '@kvarta/contract/routes';
import { apartPageTitle, localityPrepositional, roomsAndArea, unitKind } from '@kvarta/contract/apartment-title';
import { formatNumber } from '@kvarta/contract/format';
import { SERVICES, SERVICES_COMMON } from '../catalog/content';
import { pictures } from '../ranking/views';
import type { Apartment, Complex, House } from '../core/model';
import { listCities } from '../catalog/repository/reference';
import { leadDetailsOf } from '../catalog/repository/apartments';
import { listingSeller } from '../catalog/seller';
import { isGeneratedListing } from '../catalog/listing-info';
import { apartmentJsonLd, serviceJsonLd, servicesListJsonLd, siteJsonLd, type Absolute, type JsonLd } from './json-ld';
import type { Database } from '../db/connection';
import type { CatalogueMemory } from '../catalog/memory';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
export interface PageMetaNeeds {
  db: Database;
  memory: CatalogueMemory;
}

/** A picture for link previews: Telegram and the others show PNG/JPEG, never SVG. */
export interface OgImage {
  path: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

/** The site-wide preview picture (public/og-default.png, made by scripts/make-og-image.ts). */
export const DEFAULT_OG_IMAGE: OgImage = {
  path: '/og-default.png',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: '«Кварта» — цифровой риелтор',
};

/** What the server writes into the SPA's head for one page path. */
export interface PageMeta {
  status: 200 | 404;
  title?: string;
  description?: string;
  /** Personal pages and 404s: kept out of search indexes. */
  noindex?: boolean;
  /** The page's own site path, query and trailing slash dropped: canonical link and og:url. */
  canonicalPath?: string;
  /** Link previews (Open Graph; Telegram reads the same tags). */
  social?: {
    type: 'website' | 'product';
    /** Shorter than the browser title where it helps a card: the apartment's title with its price. */
    title: string;
    description: string;
    image: OgImage;
    price?: number;
  };
  jsonLd?: JsonLd[];
}

/** Resolves a page path (without the Mini App prefix) for one origin; null means "the route table says it all". */
export type PageMetaResolver = (pathname: string, origin: string | null) => Promise<PageMeta | null>;

/** Sign-in-dependent pages: nothing there for a search engine (the route table's `personal`). */
export const PERSONAL_ROUTES: readonly RouteName[] = PAGE_ROUTES.filter((route) => route.personal).map((route) => route.name);

/** The description of the site itself (index.html carries the same). */
export const SITE_DESCRIPTION = '«Кварта» — цифровой риелтор: подборка квартир в новостройках и на вторичном рынке с ИИ-агентом.';

const withSuffix = (title: string) => `${title} | ${PRODUCT_NAME}`;
export const NOT_FOUND: PageMeta = { status: 404, title: withSuffix(ROUTE_TITLES.NOT_FOUND), noindex: true };

export { apartmentPath, complexPath, servicePath };

/** A page with the site picture: its heading (titled with the site's name), a description, JSON-LD if any. */
function websitePage(heading: string, path: string, description: string, jsonLd?: JsonLd[], socialTitle = heading): PageMeta {
  return {
    status: 200,
    title: withSuffix(heading),
    description,
    canonicalPath: path,
    social: { type: 'website', title: socialTitle, description, image: DEFAULT_OG_IMAGE },
    ...(jsonLd ? { jsonLd } : {}),
  };
}

/** A plain page of the route table: its preview card names the site too. */
const simplePage = (route: RouteName, path: string, description: string, jsonLd?: JsonLd[]) =>
  websitePage(PAGE_BY_NAME[route].title, path, description, jsonLd, withSuffix(PAGE_BY_NAME[route].title));

type City = Awaited<ReturnType<typeof listCities>>[number];

/** The supported cities, read once (a failed read is retried on the next call). */
export function cachedCityList(db: PageMetaNeeds['db']): () => Promise<City[]> {
  let cities: Promise<City[]> | null = null;
  return () => {
    cities ??= listCities(db).catch((error: unknown) => {
      cities = null;
      throw error;
    });
    return cities;
  };
}

/** What the page, its JSON-LD and its preview card say about one apartment. */
export interface ApartmentFacts {
  apartment: Apartment;
  complex: Complex | undefined;
  house: House | undefined;
  city: City;
  /** '2-к квартира 61,6 м² в Москве', '2-комнатные апартаменты 48 м² в Москве' */
  heading: string;
  price: string;
  /** Address and complex: 'ул. Заречная, 106 · ЖК …' */
  place: string;
}

/** An apartment of the catalogue in a supported city (and in the city of `link`, when given), or null. */
export function apartmentFacts(memory: PageMetaNeeds['memory'], cities: City[], id: number, link?: string): ApartmentFacts | null {
  const apartment = memory.apartments.get(id);
  if (!apartment) return null;
  const city = cities.find((c) => c.cityIds.includes(apartment.cityId));
  if (!city || (link !== undefined && city.link !== link)) return null;
  const complex = memory.complexes.get(apartment.complexId);
  const house = memory.houses.get(apartment.houseId);
  return {
    apartment,
    complex,
    house,
    city,
    heading: apartPageTitle(
      apartment.roomsCnt,
      apartment.areaTotal,
      localityPrepositional(complex ? memory.areas.get(complex.areaId)?.name : undefined, city.prepositional),
      unitKind(apartment.isApartHotel),
    ),
    price: formatNumber(apartment.priceTotal, 'rub'),
    place: [city.name, house?.address, complex?.name].filter(Boolean).join(', '),
  };
}

/** 'ЖК Северный парк в Москве', 'Дом на ул. Ленина, 5 в Казани' (a resale house is named after its street). */
export function complexHeading(complex: Complex, cityPrepositional: string | null | undefined): string {
  const { name } = complex;
  const base = complex.realtyType === 'NEW' ? (/^ЖК\s/.test(name) ? name : `ЖК ${name}`) : /^Дом\s/i.test(name) ? name : `Дом ${name}`;
  return cityPrepositional ? `${base} в ${cityPrepositional}` : base;
}

/** The apartment's own preview card (server/seo/preview-image.ts). */
export const apartmentPreviewPath = (id: number) => `${API_BASES.main}${RAW_PATHS.APART_PREVIEW.replace('{apartId}', String(id))}`;

/**
 * Crawlable public pages: TOP, APART, SERVICES, SERVICES_DETAIL, ANALYTICS and RECOMMENDATION_RULES get their
 * title, description, canonical URL, preview tags and JSON-LD in the HTML itself; an unknown apartment,
 * city link or service slug answers HTTP 404 before any script runs. The apartment comes from the
 * catalogue in memory, so this costs a map lookup, not a query. `previews`: apartments have their own
 * preview card (the PNG renderer loaded); otherwise they show the site's picture.
 */
export function createPageMeta(ctx: PageMetaNeeds, cityList: () => Promise<City[]>, options: { previews: boolean }): PageMetaResolver {
  return async (pathname, origin) => {
    const abs: Absolute = (path) => (origin ? `${origin}${path}` : path);
    const match = matchPage(pathname);
    if (!match) return null;
    const route = match.route.name;
    const { params } = match;
    if (match.route.personal) return { status: 200, noindex: true };
    if (route === 'HOME') return simplePage('HOME', '/', SITE_DESCRIPTION, siteJsonLd(abs, SITE_DESCRIPTION));
    if (route === 'ANALYTICS') {
      return simplePage(
        'ANALYTICS',
        ROUTES.ANALYTICS,
        'Цены на квартиры по районам и числу комнат, динамика и лучшие предложения рынка — ИИ-анализ «Кварты».',
      );
    }
    if (route === 'RECOMMENDATION_RULES') {
      return simplePage(
        'RECOMMENDATION_RULES',
        ROUTES.RECOMMENDATION_RULES,
        'Как «Кварта» рекомендует квартиры: какие сведения используются в ТОП, индексе AI и ИИ Поиске, как отключить персональные рекомендации и контакты оператора.',
      );
    }
    if (route === 'SERVICES') {
      return simplePage('SERVICES', ROUTES.SERVICES, `${SERVICES_COMMON.title}. ${SERVICES_COMMON.lead}`, [
        servicesListJsonLd(abs, SERVICES, (s) => servicePath(s.code)),
      ]);
    }

    if (route === 'APART') {
      const { cityLink: link = '', apartId: rawId = '' } = params;
      // An id is digits (at most 10); anything else names no apartment.
      if (!/^\d{1,10}$/.test(rawId)) return NOT_FOUND;
      const facts = apartmentFacts(ctx.memory, await cityList(), Number(rawId), link);
      if (!facts) return NOT_FOUND;
      const { apartment, house, complex, city, heading, price } = facts;
      const description =
        `${roomsAndArea(apartment.roomsCnt, apartment.areaTotal, 'nominative', unitKind(apartment.isApartHotel))} за ${price} ` +
        `(${formatNumber(apartment.pricePerMeter, 'rubSquare')}), ${apartment.floor} этаж из ${apartment.floors}. ${facts.place}. ` +
        'Фото, планировка, история цены и инфраструктура рядом — на «Кварте».';
      const path = apartmentPath(city.link, apartment.id);
      // An imported listing's own photos, our drawings for a generated one.
      const shown = pictures(ctx.memory, apartment, complex?.imageCount ?? 0);
      const images = [...shown.images.slice(0, 1).map((image) => image.x2), shown.layout.x2];
      const card = options.previews ? { ...DEFAULT_OG_IMAGE, path: apartmentPreviewPath(apartment.id) } : DEFAULT_OG_IMAGE;
      return {
        status: 200,
        title: withSuffix(heading),
        description,
        canonicalPath: path,
        social: {
          type: 'product',
          title: `${heading} — ${price}`,
          description,
          image: { ...card, alt: heading },
          price: apartment.priceTotal,
        },
        jsonLd: [
          apartmentJsonLd(abs, {
            apartment,
            house,
            complex,
            cityName: city.name,
            path,
            name: heading,
            description,
            images: options.previews ? [card.path, ...images] : images,
            seller: listingSeller(
              ctx.memory,
              apartment,
              (await leadDetailsOf(ctx.db, isGeneratedListing(apartment.id) ? [] : [apartment.id])).get(apartment.id) ?? null,
            ),
          }),
        ],
      };
    }

    if (route === 'COMPLEX') {
      const { cityLink: link = '', complexId: rawId = '' } = params;
      if (!/^\d{1,10}$/.test(rawId)) return NOT_FOUND;
      const complex = ctx.memory.complexes.get(Number(rawId));
      const city = complex && (await cityList()).find((c) => c.cityIds.includes(complex.cityId));
      if (!complex || !city || city.link !== link) return NOT_FOUND;
      const heading = complexHeading(complex, city.prepositional);
      const description =
        `${heading}: квартиры в продаже по числу комнат с ценами и площадями, ` +
        `${complex.realtyType === 'NEW' ? 'корпуса и сроки сдачи, застройщик, ' : ''}инфраструктура и цена м² по месяцам — на «Кварте».`;
      return websitePage(heading, complexPath(city.link, complex.id), description);
    }

    if (route === 'SERVICES_DETAIL') {
      const found = SERVICES.find((s) => s.code === params.serviceSlug);
      if (!found) return NOT_FOUND;
      const description = `${found.shortDescription}. ${found.price}.`;
      const path = servicePath(found.code);
      const areaServed = (await cityList()).map((c) => c.name);
      return websitePage(found.content.title, path, description, [serviceJsonLd(abs, found, path, areaServed)]);
    }
    return null;
  };
}
