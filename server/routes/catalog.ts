import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/api/contract';
import {
  analyticsRequestSchema, apartmentIdParamsSchema, apartmentIdQuerySchema, apartmentRequestSchema, complexIdQuerySchema, onMapQuerySchema, presetQuerySchema,
} from '../../src/shared/api/contract/catalog';
import { detailedStatistics, filterForAnalytics, statistics } from '../catalog/analytics';
import { analogues, apartmentsInHouse, cityPriceDynamics, priceHistory, sameLayout } from '../catalog/apartment-queries';
import { PORTRAITS, WISH_GROUPS, buildPresets } from '../catalog/content';
import { complexInfrastructure, complexProperties } from '../catalog/complex-queries';
import { apartmentDetail, apartmentItem } from '../catalog/views';
import type { AppContext } from '../context';
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

  route(app, {
    method: 'GET',
    url: API_PATHS.SELECTION_PRESET,
    query: presetQuerySchema,
    handler: ({ query }) => {
      const city = ctx.cities.get(query.cityKladr);
      if (!city) throw notFound('City not found', { cityKladr: query.cityKladr });
      return buildPresets(city, city.newPricePerM2, query.type).sort((a, b) => a.template.priority - b.template.priority);
    },
  });
  route(app, { method: 'GET', url: API_PATHS.WISH_GROUPS, handler: () => WISH_GROUPS });
  route(app, { method: 'GET', url: API_PATHS.PORTRAITS, handler: () => PORTRAITS });

  route(app, {
    method: 'POST',
    url: API_PATHS.APART,
    body: apartmentRequestSchema,
    handler: async ({ body }) => {
      const a = apartmentOr404(body.id);
      if (!body.cityIds.includes(a.cityId)) throw notFound('Not Found', { apartmentId: body.id });
      return apartmentDetail(memory, engine, a, await priceHistory(db, a.complexId));
    },
  });
  route(app, {
    method: 'GET',
    url: API_PATHS.APART_EXTENDED_CARD,
    query: apartmentIdQuerySchema,
    handler: async ({ query }) => {
      const a = apartmentOr404(query.id);
      return {
        apartment: apartmentDetail(memory, engine, a, await priceHistory(db, a.complexId)),
        properties: complexProperties(memory, complexOr404(a.complexId)),
        infrastructure: complexInfrastructure(memory, await ctx.infrastructureOf(a.cityId), complexOr404(a.complexId)),
      };
    },
  });
  const byApartId = (path: string) => path.replace('{apartId}', ':apartId');
  route(app, {
    method: 'GET',
    url: byApartId(API_PATHS.APART_ADVERT),
    params: apartmentIdParamsSchema,
    handler: ({ params }) => {
      const a = apartmentOr404(params.apartId);
      const complex = complexOr404(a.complexId);
      const city = ctx.cities.get(a.cityId)!;
      const developer = complex.developerId ? memory.developers.get(complex.developerId)?.name : undefined;
      const own = { id: a.id, source: 'Кварта', title: `Объявление «Кварты»`, url: `/${city.link}/apart/${a.id}`, priceTotal: a.priceTotal, publishedAt: new Date(a.publishedAt).toISOString() };
      return developer ? [own, { id: a.id, source: developer, title: `Застройщик ${developer}`, url: null, priceTotal: a.priceTotal, publishedAt: own.publishedAt }] : [own];
    },
  });
  route(app, { method: 'GET', url: byApartId(API_PATHS.APART_ANALOGUE), params: apartmentIdParamsSchema, handler: ({ params }) => items(analogues(memory, apartmentOr404(params.apartId))) });
  route(app, { method: 'GET', url: byApartId(API_PATHS.APART_SAME_LAYOUT), params: apartmentIdParamsSchema, handler: ({ params }) => items(sameLayout(memory, apartmentOr404(params.apartId))) });
  route(app, {
    method: 'GET',
    url: byApartId(API_PATHS.APART_PRICE_HISTORY),
    params: apartmentIdParamsSchema,
    handler: ({ params }) => priceHistory(db, apartmentOr404(params.apartId).complexId),
  });
  route(app, {
    method: 'GET',
    url: API_PATHS.APART_SELECTION_INFO,
    query: apartmentIdQuerySchema,
    handler: async ({ query, request }) => selectionInfo(ctx, apartmentOr404(query.id), (await ctx.auth.optionalUser(request))?.id ?? null),
  });
  route(app, {
    method: 'GET',
    url: API_PATHS.APART_ON_MAP,
    query: onMapQuerySchema,
    handler: ({ query }) => {
      const house = memory.houses.get(query.houseId);
      if (!house) throw notFound('Not Found', { houseId: query.houseId });
      return items(apartmentsInHouse(memory, complexOr404(house.complexId).cityId, house.id));
    },
  });
  route(app, {
    method: 'GET',
    url: API_PATHS.INFRASTRUCTURE_COMPLEX,
    query: complexIdQuerySchema,
    handler: async ({ query }) => {
      const complex = complexOr404(query.complexId);
      return complexInfrastructure(memory, await ctx.infrastructureOf(complex.cityId), complex);
    },
  });
  route(app, { method: 'GET', url: API_PATHS.COMPLEX_PROPERTIES, query: complexIdQuerySchema, handler: ({ query }) => complexProperties(memory, complexOr404(query.complexId)) });

  route(app, {
    method: 'POST',
    url: API_PATHS.SELECTION_ANALYTICS,
    body: analyticsRequestSchema,
    handler: async ({ body }) => statistics(memory, filterForAnalytics(memory, body), await cityPriceDynamics(db, body.cityIds)),
  });
  route(app, { method: 'POST', url: API_PATHS.ANALYTICS_DETAILS, body: analyticsRequestSchema, handler: ({ body }) => detailedStatistics(memory, filterForAnalytics(memory, body)) });
}
