/**
 * The one API contract: paths, zod schemas and the envelope. The server validates
 * with it; the client imports types only (`import type`) plus the tiny path table.
 */
export { okEnvelope, errorEnvelopeSchema } from './envelope';
export type { ErrorEnvelope, OkEnvelope } from './envelope';
export { ROUTES, ROUTE_TITLES, matchRoute } from './routes';
export type { RouteName } from './routes';
export { API_BASES, API_PATHS } from './paths';
export {
  SUPPORTED_KLADR,
  DEFAULT_CITY_KLADR,
  AREA_GROUPS,
  citySchema,
  cityListSchema,
  areaItemSchema,
  areaListSchema,
  areaListParamsSchema,
  metroStationSchema,
  metroListSchema,
  metroListBodySchema,
  textsQuerySchema,
  textEntrySchema,
  textListSchema,
  healthSchema,
} from './init';
export type { City, AreaItem, AreaGroup, AreaList, MetroStation, MetroListBody, TextEntry } from './init';
export { tokenResponseSchema, tokenPayloadSchema, loginWidgetSchema, initDataLoginSchema, bindingRequestSchema, bindingInfoSchema } from './passport';
export type { TokenResponse, TokenPayload, LoginWidgetPayload, BindingInfo, BindingStreamMessage } from './passport';
