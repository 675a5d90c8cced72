/**
 * The zod half of the contract: for each route of `endpoints.ts`, under the same name, the schemas
 * of its path params, query, body and response (the `data` of `{result: 'ok', data}`). Only the
 * server and the tests import this file at run time; the client takes the `Endpoints` types.
 */
import type { z } from 'zod';
import { operatorInfoSchema } from './operator';
import { feedImportListSchema } from './admin';
import {
  accountDeleteRequestSchema,
  accountDeleteResponseSchema,
  cabinetProfileOrNullSchema,
  cabinetProfileSchema,
  personalDataSchema,
  profileUpdateSchema,
} from './cabinet';
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
import {
  mortgageDeletedSchema,
  mortgageProgramIdParamsSchema,
  mortgageProgramInputSchema,
  mortgageProgramListSchema,
  mortgageProgramSchema,
} from './mortgage-schemas';
import { searchParseBodySchema, searchParseResponseSchema } from './search';
import { shareMessageSchema } from './share';
import { compareListSchema, compareQuerySchema, complexPageParamsSchema, complexPageSchema } from './complex-page';
import { favouriteAlertsBodySchema, favouriteMarksSchema, favouriteNoteBodySchema, favouriteNoteParamsSchema } from './favourite-marks';
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
import { vitalsAcceptedSchema, vitalsReportSchema } from './vitals';

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
  operatorInfo: { response: operatorInfoSchema },
  cabinetProfile: { response: cabinetProfileOrNullSchema },
  cabinetProfileUpdate: { body: profileUpdateSchema, response: cabinetProfileSchema },
  personalData: { response: personalDataSchema },
  accountDelete: { body: accountDeleteRequestSchema, response: accountDeleteResponseSchema },
  presetList: { query: presetQuerySchema, response: presetListSchema },
  wishGroups: { response: wishGroupListSchema },
  portraits: { response: portraitListSchema },
  apartment: { body: apartmentRequestSchema, response: apartmentDetailSchema },
  apartmentExtendedCard: { query: apartmentIdQuerySchema, response: extendedCardSchema },
  apartmentAdverts: { params: apartmentIdParamsSchema, response: advertListSchema },
  apartmentShareMessage: { params: apartmentIdParamsSchema, response: shareMessageSchema },
  apartmentAnalogues: { params: apartmentIdParamsSchema, response: apartmentListSchema },
  apartmentSameLayout: { params: apartmentIdParamsSchema, response: apartmentListSchema },
  apartmentPriceHistory: { params: apartmentIdParamsSchema, response: priceHistorySchema },
  apartmentSelectionInfo: { query: apartmentIdQuerySchema, response: selectionInfoSchema },
  apartmentsOnMap: { query: onMapQuerySchema, response: apartmentListSchema },
  adminFeeds: { response: feedImportListSchema },
  adminMortgagePrograms: { response: mortgageProgramListSchema },
  adminMortgageProgramCreate: { body: mortgageProgramInputSchema, response: mortgageProgramSchema },
  adminMortgageProgramUpdate: { params: mortgageProgramIdParamsSchema, body: mortgageProgramInputSchema, response: mortgageProgramSchema },
  adminMortgageProgramDelete: { params: mortgageProgramIdParamsSchema, response: mortgageDeletedSchema },
  mortgagePrograms: { response: mortgageProgramListSchema },
  searchParse: { body: searchParseBodySchema, response: searchParseResponseSchema },
  complexInfrastructure: { query: complexIdQuerySchema, response: infraPointListSchema },
  complexProperties: { query: complexIdQuerySchema, response: propertyListSchema },
  complexPage: { params: complexPageParamsSchema, response: complexPageSchema },
  apartmentCompare: { query: compareQuerySchema, response: compareListSchema },
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
  favouriteMarks: { response: favouriteMarksSchema },
  favouriteNote: { params: favouriteNoteParamsSchema, body: favouriteNoteBodySchema, response: favouriteMarksSchema },
  favouriteAlerts: { body: favouriteAlertsBodySchema, response: favouriteMarksSchema },
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
  vitalsReport: { body: vitalsReportSchema, response: vitalsAcceptedSchema },
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
