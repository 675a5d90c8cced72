import type { FastifyInstance } from 'fastify';
import { detailedStatistics, filterForAnalytics, statistics } from './analytics';
import { analogues, apartmentHistories, apartmentsInHouse, complexPriceHistories, priceHistory, sameLayout } from './repository/apartments';
import { PORTRAITS, WISH_GROUPS, buildPresets } from './content';
import { complexInfrastructure, complexProperties } from './repository/complexes';
import { complexPage } from './complex-page';
import { advertText } from './advert-text';
import { listingInfo } from './listing-info';
import { apartmentDetail, apartmentItem } from '../ranking/views';
import { notFound } from '../core/errors';
import { FEED_ID_BASE } from './schema';
import { PRODUCT_NAME } from '@kvarta/contract/routes';
import { feedAdvertsOf } from '../feeds';
import { route } from '../http/route';
import { selectionInfo } from '../lira/selection-info';

/** The catalogue API: presets, wishes, portraits, apartments, complexes, analytics. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { memory, engine, db } = app;
  const apartmentOr404 = (id: number) => {
    const a = memory.apartments.get(id);
    if (!a) throw notFound('Not Found', { apartmentId: id });
    return a;
  };
  const complexOr404 = (id: number) => {
    const c = memory.complexes.get(id);
    if (!c) throw notFound('Not Found', { complexId: id });
    return c;
  };
  const items = (list: ReturnType<typeof apartmentOr404>[]) => list.map((a) => apartmentItem(memory, engine, a));
  /** An imported listing's adverts, one per source offering the flat, the lead (whose facts the listing shows) first. */
  const feedsOf = (a: ReturnType<typeof apartmentOr404>) => (a.id >= FEED_ID_BASE ? feedAdvertsOf(db, a.id) : Promise.resolve([]));
  /** The APART page's detail: the listing with its own price history, seller and house facts. */
  const detail = async (a: ReturnType<typeof apartmentOr404>) => {
    const [histories, feeds] = await Promise.all([apartmentHistories(db, a), feedsOf(a)]);
    return { ...apartmentDetail(memory, engine, a, histories), listing: listingInfo(memory, a, feeds[0] ?? null) };
  };

  route(app, 'presetList', {
    handler: ({ query }) => {
      const city = app.cities.get(query.cityKladr);
      if (!city) throw notFound('City not found', { cityKladr: query.cityKladr });
      return buildPresets(city, city.newPricePerM2, query.type).sort((a, b) => a.template.priority - b.template.priority);
    },
  });
  route(app, 'wishGroups', { handler: () => WISH_GROUPS });
  route(app, 'portraits', { handler: () => PORTRAITS });

  route(app, 'apartment', {
    handler: async ({ body }) => {
      const a = apartmentOr404(body.id);
      if (!body.cityIds.includes(a.cityId)) throw notFound('Not Found', { apartmentId: body.id });
      return detail(a);
    },
  });
  route(app, 'apartmentExtendedCard', {
    handler: async ({ query }) => {
      const a = apartmentOr404(query.id);
      return {
        apartment: await detail(a),
        properties: complexProperties(memory, complexOr404(a.complexId)),
        infrastructure: complexInfrastructure(memory, await app.infrastructureOf(a.cityId), complexOr404(a.complexId)),
      };
    },
  });
  route(app, 'apartmentAdverts', {
    handler: async ({ params }) => {
      const a = apartmentOr404(params.apartId);
      const complex = complexOr404(a.complexId);
      const city = app.cities.get(a.cityId)!;
      const developer = complex.developerId ? memory.developers.get(complex.developerId)?.name : undefined;
      // One description from the listing's facts: our advert's, and the developer's (who publishes none through us).
      const text = advertText(memory, a);
      const feeds = await feedsOf(a);
      const listing = listingInfo(memory, a, feeds[0] ?? null);
      const own = {
        id: a.id,
        source: PRODUCT_NAME,
        number: listing.number,
        seller: listing.seller,
        isDemo: listing.isDemo,
        title: listing.isDemo ? 'Демонстрационное объявление «Кварты»' : 'Объявление «Кварты»',
        url: `/${city.link}/apart/${a.id}`,
        priceTotal: a.priceTotal,
        publishedAt: new Date(a.publishedAt).toISOString(),
        text,
      };
      // An imported listing: the adverts it came from, each with its seller, price and the agency's own link.
      if (feeds.length > 0)
        return [
          own,
          ...feeds.map((feed) => ({
            id: a.id,
            source: feed.agent ?? feed.source,
            title: feed.description ? feed.description.slice(0, 140) : `Объявление ${feed.agent ?? feed.source}`,
            url: feed.url,
            priceTotal: feed.priceTotal,
            publishedAt: feed.details?.createdAt ?? listing.publishedAt,
            // The agency's own words where the feed has them.
            text: feed.description?.trim() || text,
            number: feed.internalId,
            seller: feed.details?.seller ?? null,
          })),
        ];
      // The developer's: the same listing under its name, with no page of its own.
      return developer ? [own, { ...own, source: developer, title: `Застройщик ${developer}`, url: null }] : [own];
    },
  });
  route(app, 'apartmentAnalogues', { handler: ({ params }) => items(analogues(memory, apartmentOr404(params.apartId))) });
  route(app, 'apartmentSameLayout', { handler: ({ params }) => items(sameLayout(memory, apartmentOr404(params.apartId))) });
  route(app, 'apartmentPriceHistory', {
    handler: ({ params }) => priceHistory(db, apartmentOr404(params.apartId).complexId),
  });
  route(app, 'apartmentSelectionInfo', {
    // The answer depends on the caller's AI-search profile; a bad token is a 401 so the client refreshes it.
    identify: 'strict',
    handler: ({ query, user }) => selectionInfo(app, apartmentOr404(query.id), user?.id ?? null),
  });
  route(app, 'apartmentsOnMap', {
    handler: ({ query }) => {
      const house = memory.houses.get(query.houseId);
      if (!house) throw notFound('Not Found', { houseId: query.houseId });
      return items(apartmentsInHouse(memory, complexOr404(house.complexId).cityId, house.id));
    },
  });
  route(app, 'complexInfrastructure', {
    handler: async ({ query }) => {
      const complex = complexOr404(query.complexId);
      return complexInfrastructure(memory, await app.infrastructureOf(complex.cityId), complex);
    },
  });
  route(app, 'complexProperties', { handler: ({ query }) => complexProperties(memory, complexOr404(query.complexId)) });
  route(app, 'complexPage', {
    handler: async ({ params }) => {
      const complex = complexOr404(params.complexId);
      return complexPage(db, memory, complex, await app.infrastructureOf(complex.cityId));
    },
  });
  // Compare: the apartments that still exist, in the order asked (a shared link may name one since removed).
  route(app, 'apartmentCompare', {
    handler: async ({ query }) => {
      const found = query.ids.flatMap((id) => {
        const a = memory.apartments.get(id);
        return a ? [a] : [];
      });
      return Promise.all(found.map(detail));
    },
  });

  route(app, 'statistics', {
    handler: async ({ body }) => {
      const listings = filterForAnalytics(memory, body);
      return statistics(memory, listings, await complexPriceHistories(db, [...new Set(listings.map((a) => a.complexId))]));
    },
  });
  route(app, 'statisticsDetailed', { handler: ({ body }) => detailedStatistics(memory, filterForAnalytics(memory, body)) });
}
