export { api, ApiClient } from './client';
export type { ApiClientConfig, ApiService, HttpMethod, RequestOptions, ServiceClient, StatusHandler } from './client';
export { ApiError, isApiError, errorMessage, NETWORK_ERROR_MESSAGE } from './errors';
export { buildUrl, URL_ERRORS } from './url';
export type { PathParams, QueryParams, QueryValue } from './url';
export { createQueryClient } from './query-client';
export { QUERY_TIME } from '../config/query';
// The zod-free parts of the contract; everything else is imported as types only.
export { API_BASES, API_PATHS } from './contract/paths';
export { TOP_PRICE, topPriceWindow } from './contract/price-window';
export { ROUTES, ROUTE_TITLES, matchRoute } from './contract/routes';
export { SUPPORTED_KLADR, DEFAULT_CITY_KLADR } from './contract/cities';
export type { RouteName } from './contract/routes';
export type { City, AreaItem, AreaGroup, AreaList, MetroStation, TextEntry, TokenResponse, TokenPayload, ErrorEnvelope, BindingInfo, BindingStreamMessage } from './contract';
export type { ApartmentItem, Preset, MapBuilding, Notice, ImageSet, MetroRef } from './contract/catalog';
export type { Service, ServicesResponse, ServicesCommon, MortgageTopic, ExpertGuide, CustomerReview, ServiceHeroKind } from './contract/services';
export type { CallbackRequestBody, CallbackResponse } from './contract/callback';
export type { AnalyticsRequest, AnalyticsDetailRow } from './contract/catalog';
export type { ApartmentDetail, InfraPointItem, WishText, FairPriceVerdict } from './contract/catalog';
