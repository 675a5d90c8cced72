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
export {
  LIRA_SERVICE_TYPE,
  LIRA_STATUSES,
  LIRA_SETTABLE_STATUSES,
  LIRA_RUNNING_STATUSES,
  SUBSCRIPTION_STATUSES,
  TRIAL_PROMOCODE,
  TRIAL_DAYS,
  SUBSCRIPTION_PERIODS,
  LIRA_SORTS,
  LIRA_SORT_LABELS,
  LIRA_PAGE_SIZE,
  EXTENSION_TYPES,
  DEADLINE_ANY,
  DEADLINE_EXTENSION_STEP,
  DEFAULT_EXTENSION_FORM,
  SANDBOX_PAYMENT_PAGE,
  isAnyDeadline,
  extensionPayload,
  adjacentRooms,
  formatExpiredAt,
  parseExpiredAt,
  apartStartParam,
  parseApartStartParam,
} from './lira-rules';
export type {
  LiraStatus,
  LiraSettableStatus,
  SubscriptionStatus,
  SubscriptionPeriod,
  LiraSort,
  ExtensionType,
  ExtensionForm,
  ExtensionEntry,
  ExtensionPayloadWire,
} from './lira-rules';
export {
  liraFiltersSchema,
  wireImportanceSchema,
  liraProfilePayloadSchema,
  extensionEntrySchema,
  extensionPayloadSchema,
  liraProfileSchema,
  liraStatusBodySchema,
  liraStatusResponseSchema,
  filtersCheckBodySchema,
  filtersCheckResponseSchema,
  liraStatisticsSchema,
  liraVariantQuerySchema,
  liraVariantItemSchema,
  liraVariantListSchema,
  liraMapQuerySchema,
  liraMapSchema,
  liraSidebarQuerySchema,
  liraSidebarSchema,
  liraFeedbackSchema,
  liraFeedbackResponseSchema,
  SUGGESTION_TYPES,
} from './lira';
export type {
  LiraFilters,
  LiraFiltersInput,
  WireImportance,
  LiraProfilePayload,
  LiraProfilePayloadInput,
  ExtensionPayload,
  LiraProfile,
  LiraStatusBody,
  LiraStatusResponse,
  FiltersCheckBody,
  FiltersCheckResponse,
  LiraStatistics,
  LiraVariantQuery,
  LiraVariantItem,
  LiraVariantList,
} from './lira';
export {
  subscriptionQuerySchema,
  subscriptionSchema,
  subscriptionRequestSchema,
  subscriptionPostResponseSchema,
  promocodeCheckRequestSchema,
  promocodeCheckResponseSchema,
  subscriptionPeriodsSchema,
  paymentSchema,
  paymentStartRequestSchema,
  paymentIdParamsSchema,
  PAYMENT_STATUSES,
  PAYMENT_PROVIDERS,
} from './subscription';
export type {
  Subscription,
  SubscriptionRequest,
  SubscriptionPostResponse,
  PromocodeCheckRequest,
  PromocodeCheckResponse,
  Payment,
  PaymentStatus,
} from './subscription';
