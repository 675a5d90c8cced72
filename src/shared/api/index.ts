export { api, ApiClient } from './client';
export { ApiError, errorMessage, isConnectionError, loadErrorText, NETWORK_ERROR_MESSAGE, OFFLINE_LOAD_MESSAGE } from './errors';
export { buildUrl, URL_ERRORS } from './url';
export { createQueryClient } from './query-client';
export { QUERY_TIME, QUERY_ROOT } from '../config/query';
// The zod-free parts of the contract; everything else is imported as types only.
export { API_BASES, RAW_PATHS, endpoints } from '@kvarta/contract';
export { TOP_PRICE, topPriceWindow } from '@kvarta/contract/price-window';
export { ROUTES, ROUTE_TITLES, PRODUCT_NAME, matchRoute, complexPath, apartmentPath } from '@kvarta/contract/routes';
export { COMPARE_MAX, FAVOURITE_NOTE_MAX } from '@kvarta/contract/compare';
export { NEARBY_RADIUS_M } from '@kvarta/contract/nearby';
export { SUPPORTED_KLADR, DEFAULT_CITY_KLADR } from '@kvarta/contract/cities';
export type { RouteName, PageRoute } from '@kvarta/contract/routes';
export type { City, AreaItem, AreaList, TextEntry, TokenResponse, BindingInfo } from '@kvarta/contract';
export type { ApartmentItem, Preset, MapBuilding, ImageSet, MetroRef } from '@kvarta/contract/catalog';
export type { OperatorInfo } from '@kvarta/contract/operator';
export type { Service, ServicesResponse, MortgageTopic, ExpertGuide, CustomerReview, ServiceHeroKind } from '@kvarta/contract/services';
export type { CallbackRequestBody, CallbackResponse } from '@kvarta/contract/callback';
export type { AnalyticsRequest, AnalyticsDetailRow } from '@kvarta/contract/catalog';
export type { ApartmentDetail, InfraPointItem, Advert, Seller, HouseFact, ListingInfo, PropertyRow } from '@kvarta/contract/catalog';
// Answers of the routes, inferred from the contract's response schemas.
export type { Endpoints, SelectionInfo, TopProfile } from '@kvarta/contract';
export type { ComplexPage, FavouriteMarks, FavouriteMark } from '@kvarta/contract';
