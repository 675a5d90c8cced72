/**
 * The contract's zod-free face: the endpoint table (generated from `contract/api/`), API bases, the SPA
 * route table and shared rules as values, everything else as types. The client imports it at run time
 * at no cost to the bundle; the declarations with their zod schemas are in `@kvarta/contract/schemas`
 * (server and tests only).
 */
export { endpoints, ENDPOINT_NAMES } from './endpoints';
export type { EndpointName, EndpointOf } from './endpoints';
export type { Access, Endpoint, HttpMethod, RouteSchemas } from './endpoint';
export type { Endpoints, ResponseOf } from './schemas';
export { API_BASES, RAW_PATHS } from './paths';
export type { ApiService } from './paths';
export { SUPPORTED_KLADR, DEFAULT_CITY_KLADR } from './cities';
export { TOP_PRICE, topPriceWindow } from './price-window';
export { PRODUCT_NAME, ROUTES, ROUTE_TITLES, matchRoute } from './routes';
export {
  LIRA_SERVICE_TYPE,
  LIRA_STATUSES,
  LIRA_SETTABLE_STATUSES,
  LIRA_RUNNING_STATUSES,
  isLiraRunning,
  SUBSCRIPTION_STATUSES,
  TRIAL_PROMOCODE,
  TRIAL_DAYS,
  LIRA_SORTS,
  LIRA_SORT_LABELS,
  LIRA_PAGE_SIZE,
  EXTENSION_TYPES,
  DEADLINE_ANY,
  DEADLINE_EXTENSION_STEP,
  DEFAULT_EXTENSION_FORM,
  isAnyDeadline,
  extensionPayload,
  adjacentRooms,
  formatExpiredAt,
  parseExpiredAt,
  apartStartParam,
  parseApartStartParam,
} from './lira-rules';
export type { ErrorEnvelope, OkEnvelope } from './envelope';
export type { RouteName } from './routes';
export { COMPARE_MAX, FAVOURITE_NOTE_MAX } from './compare';
export type { ComplexPage, ComplexRoomGroup, ComplexBuilding, ComplexSeller } from './complex-page';
export type { FavouriteMarks, FavouriteMark, FavouriteChange } from './favourite-marks';
export type { City, AreaItem, AreaGroup, AreaList, MetroStation, MetroListBody, TextEntry } from './init';
export type { TokenResponse, TokenPayload, LoginWidgetPayload, BindingInfo, BindingStreamMessage } from './passport';
export type {
  LiraStatus,
  LiraSettableStatus,
  SubscriptionStatus,
  LiraSort,
  ExtensionType,
  ExtensionForm,
  ExtensionEntry,
  ExtensionPayloadWire,
} from './lira-rules';
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
export type {
  Subscription,
  SubscriptionRequest,
  SubscriptionPostResponse,
  PromocodeCheckRequest,
  PromocodeCheckResponse,
  Payment,
  PaymentStatus,
} from './subscription';
export type {
  Advert,
  AnalyticsDetailRow,
  AnalyticsRequest,
  ApartmentDetail,
  ApartmentItem,
  ApartmentRequest,
  FairPriceVerdict,
  ImageSet,
  InfraPointItem,
  MapBuilding,
  MetroRef,
  Notice,
  Portrait,
  Preset,
  PropertyRow,
  SelectionInfo,
  StatisticsBlock,
  WishGroup,
  WishText,
} from './catalog';
export type { ReactionRequest, TopProfile, TopProfilePayload } from './selection';
export type { CabinetProfile } from './cabinet';
export type { UnsafeInput } from './safe-input';
export type { FaqItem } from './content';
export type { CallbackRequest, CallbackRequestBody, CallbackResponse } from './callback';
export type {
  CustomerReview,
  ExpertGuide,
  MortgageTopic,
  Service,
  ServiceContent,
  ServiceHeroKind,
  ServicesCommon,
  ServicesResponse,
  ServiceStep,
} from './services';
