import { ROUTE_TITLES } from '@kvarta/contract/routes';
import { apartPageTitle, roomsAndArea } from '@kvarta/contract/apartment-title';
import { formatNumber } from '@kvarta/contract/format';
import { PRODUCT_NAME } from '@kvarta/contract/routes';
import { SERVICES, SERVICES_COMMON } from '../catalog/content';
import { listCities } from '../catalog/reference-queries';
import type { AppContext } from '../context';

/** What the server writes into the SPA's HTML for one page path: its status and, when known, title and description. */
export interface PageMeta {
  status: 200 | 404;
  title?: string;
  description?: string;
}

/** Resolves a page path (without the Mini App prefix); null means "use the route table only". */
export type PageMetaResolver = (pathname: string) => Promise<PageMeta | null>;

const APART_PATH = /^\/([^/]+)\/apart\/([^/]+)\/?$/;
const SERVICE_PATH = /^\/services\/([^/]+)\/?$/;
const SERVICES_PATH = /^\/services\/?$/;

const withSuffix = (title: string) => `${title} | ${PRODUCT_NAME}`;
const NOT_FOUND: PageMeta = { status: 404, title: withSuffix(ROUTE_TITLES.NOT_FOUND) };

/**
 * Crawlable public pages (issue 7): APART and SERVICES URLs get their real title and a description in the
 * HTML itself, and an unknown apartment, city link or service slug answers HTTP 404 before any script runs.
 * The apartment comes from the catalogue in memory, so this costs a map lookup, not a query.
 */
export function createPageMeta(ctx: Pick<AppContext, 'db' | 'memory'>): PageMetaResolver {
  let cities: ReturnType<typeof listCities> | null = null;
  const cityList = () => {
    cities ??= listCities(ctx.db).catch((error: unknown) => {
      cities = null; // a failed read is retried on the next request
      throw error;
    });
    return cities;
  };

  return async (pathname) => {
    const apart = APART_PATH.exec(pathname);
    if (apart) {
      const [, link, rawId] = apart;
      if (!/^\d{1,10}$/.test(rawId!)) return NOT_FOUND;
      const city = (await cityList()).find((c) => c.link === link);
      const apartment = ctx.memory.apartments.get(Number(rawId));
      if (!city || !apartment || !city.cityIds.includes(apartment.cityId)) return NOT_FOUND;
      const complex = ctx.memory.complexes.get(apartment.complexId);
      const house = ctx.memory.houses.get(apartment.houseId);
      const where = [city.name, house?.address, complex?.name].filter(Boolean).join(', ');
      return {
        status: 200,
        title: withSuffix(apartPageTitle(apartment.roomsCnt, apartment.areaTotal, city.prepositional)),
        description:
          `${roomsAndArea(apartment.roomsCnt, apartment.areaTotal)} за ${formatNumber(apartment.priceTotal, 'rub')} ` +
          `(${formatNumber(apartment.pricePerMeter, 'rubSquare')}), ${apartment.floor} этаж из ${apartment.floors}. ${where}. ` +
          'Фото, планировка, история цены и инфраструктура рядом — на «Кварте».',
      };
    }
    if (SERVICES_PATH.test(pathname)) {
      return { status: 200, title: withSuffix(ROUTE_TITLES.SERVICES), description: `${SERVICES_COMMON.title}. ${SERVICES_COMMON.lead}` };
    }
    const service = SERVICE_PATH.exec(pathname);
    if (service) {
      const found = SERVICES.find((s) => s.code === service[1]);
      if (!found) return NOT_FOUND;
      return { status: 200, title: withSuffix(found.content.title), description: `${found.shortDescription}. ${found.price}.` };
    }
    return null;
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The SPA's index.html with this page's title and description (the rest of the document untouched). */
export function injectMeta(html: string, meta: Pick<PageMeta, 'title' | 'description'>): string {
  let out = html;
  // Function replacers: a `$&` or `$'` in a title is text, not a replacement pattern.
  if (meta.title) {
    const title = `<title>${escapeHtml(meta.title)}</title>`;
    out = out.replace(/<title>[\s\S]*?<\/title>/, () => title);
  }
  if (meta.description) {
    const tag = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
    out = /<meta\s+name="description"[^>]*>/.test(out)
      ? out.replace(/<meta\s+name="description"[^>]*>/, () => tag)
      : out.replace('</head>', () => `${tag}\n</head>`);
  }
  return out;
}
