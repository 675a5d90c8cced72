import type { FastifyInstance } from 'fastify';
import { detailedStatistics, filterForAnalytics, statistics } from '../catalog/analytics';
import {
  analogues,
  apartmentHistories,
  apartmentsInHouse,
  complexPriceHistories,
  priceHistory,
  sameLayout,
} from '../catalog/apartment-queries';
import { PORTRAITS, WISH_GROUPS, buildPresets } from '../catalog/content';
import { complexInfrastructure, complexProperties } from '../catalog/complex-queries';
import { advertText } from '../catalog/advert-text';
import { apartmentDetail, apartmentItem } from '../catalog/views';
import type { AppContext } from '../context';
import { FEED_ID_BASE } from '../catalog/schema';
import { PRODUCT_NAME } from '@kvarta/contract/routes';
import { feedAdvertOf } from '../feeds';
import { notFound } from '../http/errors';
import { route } from '../http/route';
import { selectionInfo } from '../lira/selection-info';

/** The catalogue API of issue 3: presets, wishes, portraits, apartments, complexes, analytics. */
export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { memory, engine, db } = ctx;
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

  route(app, 'presetList', {
    handler: ({ query }) => {
      const city = ctx.cities.get(query.cityKladr);
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
      return apartmentDetail(memory, engine, a, await apartmentHistories(db, a));
    },
  });
  route(app, 'apartmentExtendedCard', {
    handler: async ({ query }) => {
      const a = apartmentOr404(query.id);
      return {
        apartment: apartmentDetail(memory, engine, a, await apartmentHistories(db, a)),
        properties: complexProperties(memory, complexOr404(a.complexId)),
        infrastructure: complexInfrastructure(memory, await ctx.infrastructureOf(a.cityId), complexOr404(a.complexId)),
      };
    },
  });
  route(app, 'apartmentAdverts', {
    handler: async ({ params }) => {
      const a = apartmentOr404(params.apartId);
      const complex = complexOr404(a.complexId);
      const city = ctx.cities.get(a.cityId)!;
      const developer = complex.developerId ? memory.developers.get(complex.developerId)?.name : undefined;
      // One description from the listing's facts: our advert's, and the developer's (who publishes none through us).
      const text = advertText(memory, a);
      const own = {
        id: a.id,
        source: PRODUCT_NAME,
        title: `Объявление «Кварты»`,
        url: `/${city.link}/apart/${a.id}`,
        priceTotal: a.priceTotal,
        publishedAt: new Date(a.publishedAt).toISOString(),
        text,
      };
      // An imported listing: the advert it came from, with the agency's own link.
      const feed = a.id >= FEED_ID_BASE ? await feedAdvertOf(db, a.id) : null;
      if (feed)
        return [
          own,
          {
            id: a.id,
            source: feed.agent ?? feed.source,
            title: feed.description ? feed.description.slice(0, 140) : `Объявление ${feed.agent ?? feed.source}`,
            url: feed.url,
            priceTotal: a.priceTotal,
            publishedAt: feed.publishedAt,
            // The agency's own words where the feed has them.
            text: feed.description?.trim() || text,
          },
        ];
      return developer
        ? [
            own,
            {
              id: a.id,
              source: developer,
              title: `Застройщик ${developer}`,
              url: null,
              priceTotal: a.priceTotal,
              publishedAt: own.publishedAt,
              text,
            },
          ]
        : [own];
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
    handler: ({ query, user }) => selectionInfo(ctx, apartmentOr404(query.id), user?.id ?? null),
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
      return complexInfrastructure(memory, await ctx.infrastructureOf(complex.cityId), complex);
    },
  });
  route(app, 'complexProperties', { handler: ({ query }) => complexProperties(memory, complexOr404(query.complexId)) });

  route(app, 'statistics', {
    handler: async ({ body }) => {
      const listings = filterForAnalytics(memory, body);
      return statistics(memory, listings, await complexPriceHistories(db, [...new Set(listings.map((a) => a.complexId))]));
    },
  });
  route(app, 'statisticsDetailed', { handler: ({ body }) => detailedStatistics(memory, filterForAnalytics(memory, body)) });
}
