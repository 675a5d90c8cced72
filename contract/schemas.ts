/**
 * The zod half of the contract: for each route of `endpoints.ts`, under the same name, the schemas
 * of its path params, query, body and response (the `data` of `{result: 'ok', data}`). Only the
 * server and the tests import this file at run time; the client takes the `Endpoints` types.
 */
import type { z } from 'zod';
import { feedImportListSchema } from './admin';
import { cabinetProfileOrNullSchema, cabinetProfileSchema, profileUpdateSchema } from './cabinet';
import { callbackRequestSchema, callbackResponseSchema } from './callback';
import {
  advertListSchema,
  analyticsDetailListSchema,
  analyticsRequestSchema,
  apartmentDetailSchema,
  apartmentIdParamsSchema,
  apartmentIdQuerySchema,
  apartmentListSchema,
  apartmentRequestSchema,
  complexIdQuerySchema,
  extendedCardSchema,
  infraPointListSchema,
  onMapQuerySchema,
  portraitListSchema,
  presetListSchema,
  presetQuerySchema,
  priceHistorySchema,
  propertyListSchema,
  selectionInfoSchema,
  statisticsSchema,
  wishGroupListSchema,
} from './catalog';
import { faqListSchema } from './content';
import type { EndpointName, Endpoint, endpoints } from './endpoints';
import {
  areaListParamsSchema,
  areaListSchema,
  cityListSchema,
  healthSchema,
  readySchema,
  metroListBodySchema,
  metroListSchema,
  textListSchema,
  textsQuerySchema,
} from './init';
import {
  extensionPayloadSchema,
  filtersCheckBodySchema,
  filtersCheckResponseSchema,
  liraFeedbackResponseSchema,
  liraFeedbackSchema,
  liraMapQuerySchema,
  liraMapSchema,
  liraProfilePayloadSchema,
  liraProfileSchema,
  liraSidebarQuerySchema,
  liraSidebarSchema,
  liraStatisticsSchema,
  liraStatusBodySchema,
  liraStatusResponseSchema,
  liraVariantListSchema,
  liraVariantQuerySchema,
} from './lira';
import { bindingInfoSchema, bindingRequestSchema, initDataLoginSchema, loginWidgetSchema, tokenResponseSchema } from './passport';
import {
  likedListSchema,
  reactionResponseSchema,
  reactionSchema,
  sidebarRequestSchema,
  topListRequestSchema,
  topListResponseSchema,
  topMapSchema,
  topProfilePayloadSchema,
  topProfileSchema,
  topSidebarSchema,
} from './selection';
import { servicesResponseSchema } from './services';
import {
  paymentIdParamsSchema,
  paymentSchema,
  paymentStartRequestSchema,
  promocodeCheckRequestSchema,
  promocodeCheckResponseSchema,
  subscriptionPeriodsSchema,
  subscriptionPostResponseSchema,
  subscriptionQuerySchema,
  subscriptionRequestSchema,
  subscriptionSchema,
} from './subscription';

// Every schema by name, for the server and the tests (formerly the contract's index).
export { errorEnvelopeSchema } from './envelope';
export { findUnsafeInput } from './safe-input';
export type { UnsafeInput } from './safe-input';

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const routeSchemas = {
  health: { response: healthSchema },
  ready: { response: readySchema },
  cityList: { response: cityListSchema },
  areaList: { params: areaListParamsSchema, response: areaListSchema },
  metroList: { body: metroListBodySchema, response: metroListSchema },
  texts: { query: textsQuerySchema, response: textListSchema },
  cabinetProfile: { response: cabinetProfileOrNullSchema },
  cabinetProfileUpdate: { body: profileUpdateSchema, response: cabinetProfileSchema },
  presetList: { query: presetQuerySchema, response: presetListSchema },
  wishGroups: { response: wishGroupListSchema },
  portraits: { response: portraitListSchema },
  apartment: { body: apartmentRequestSchema, response: apartmentDetailSchema },
  apartmentExtendedCard: { query: apartmentIdQuerySchema, response: extendedCardSchema },
  apartmentAdverts: { params: apartmentIdParamsSchema, response: advertListSchema },
  apartmentAnalogues: { params: apartmentIdParamsSchema, response: apartmentListSchema },
  apartmentSameLayout: { params: apartmentIdParamsSchema, response: apartmentListSchema },
  apartmentPriceHistory: { params: apartmentIdParamsSchema, response: priceHistorySchema },
  apartmentSelectionInfo: { query: apartmentIdQuerySchema, response: selectionInfoSchema },
  apartmentsOnMap: { query: onMapQuerySchema, response: apartmentListSchema },
  adminFeeds: { response: feedImportListSchema },
  complexInfrastructure: { query: complexIdQuerySchema, response: infraPointListSchema },
  complexProperties: { query: complexIdQuerySchema, response: propertyListSchema },
  statistics: { body: analyticsRequestSchema, response: statisticsSchema },
  statisticsDetailed: { body: analyticsRequestSchema, response: analyticsDetailListSchema },
  services: { response: servicesResponseSchema },
  faq: { response: faqListSchema },
  topProfile: { response: topProfileSchema },
  topProfileSave: { body: topProfilePayloadSchema, response: topProfileSchema },
  topProfileEnsure: { response: topProfileSchema },
  topList: { body: topListRequestSchema, response: topListResponseSchema },
  topGuestList: { body: topListRequestSchema, response: topListResponseSchema },
  topMap: { body: topListRequestSchema, response: topMapSchema },
  topMapGrouped: { body: topListRequestSchema, response: topMapSchema },
  topSidebar: { body: sidebarRequestSchema, response: topSidebarSchema },
  topReaction: { body: reactionSchema, response: reactionResponseSchema },
  topLiked: { response: likedListSchema },
  liraProfile: { response: liraProfileSchema },
  liraProfileCreate: { body: liraProfilePayloadSchema, response: liraProfileSchema },
  liraProfileUpdate: { body: liraProfilePayloadSchema, response: liraProfileSchema },
  liraSettings: { body: extensionPayloadSchema, response: liraProfileSchema },
  liraStatus: { body: liraStatusBodySchema, response: liraStatusResponseSchema },
  liraFiltersCheck: { body: filtersCheckBodySchema, response: filtersCheckResponseSchema },
  liraStatistics: { response: liraStatisticsSchema },
  liraVariantList: { query: liraVariantQuerySchema, response: liraVariantListSchema },
  liraMap: { query: liraMapQuerySchema, response: liraMapSchema },
  liraMapGrouped: { query: liraMapQuerySchema, response: liraMapSchema },
  liraSidebar: { query: liraSidebarQuerySchema, response: liraSidebarSchema },
  liraFeedback: { body: liraFeedbackSchema, response: liraFeedbackResponseSchema },
  subscription: { query: subscriptionQuerySchema, response: subscriptionSchema },
  subscribe: { body: subscriptionRequestSchema, response: subscriptionPostResponseSchema },
  subscriptionCancel: { query: subscriptionQuerySchema, response: subscriptionSchema },
  promocodeCheck: { body: promocodeCheckRequestSchema, response: promocodeCheckResponseSchema },
  subscriptionPeriods: { response: subscriptionPeriodsSchema },
  paymentStart: { body: paymentStartRequestSchema, response: paymentSchema },
  payment: { params: paymentIdParamsSchema, response: paymentSchema },
  passportToken: { response: tokenResponseSchema },
  loginTelegram: { body: loginWidgetSchema, response: tokenResponseSchema },
  loginInitData: { body: initDataLoginSchema, response: tokenResponseSchema },
  telegramBinding: { body: bindingRequestSchema, response: bindingInfoSchema },
  callbackSale: { body: callbackRequestSchema, response: callbackResponseSchema },
} as const satisfies Record<EndpointName, RouteSchemas>;

// The other direction: every name with schemas has its method, path and access.
type SchemaName = keyof typeof routeSchemas;
export type EndpointsHaveSchemas = typeof endpoints extends Record<SchemaName, Endpoint> ? true : never;
const _bothWays: EndpointsHaveSchemas = true;
void _bothWays;

type Schemas = typeof routeSchemas;
type InputOf<N extends EndpointName, K extends 'params' | 'query' | 'body'> =
  Schemas[N] extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;

/**
 * Each route's types, inferred from its schemas: requests as the client sends them (`z.input`),
 * the response as the server answers it (`z.output`). The client imports this with `import type`.
 */
export type Endpoints = {
  [N in EndpointName]: {
    params: InputOf<N, 'params'>;
    query: InputOf<N, 'query'>;
    body: InputOf<N, 'body'>;
    response: z.output<Schemas[N]['response']>;
  };
};

export type ResponseOf<N extends EndpointName> = Endpoints[N]['response'];
