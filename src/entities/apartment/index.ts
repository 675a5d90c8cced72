import { lazyComponent } from '@/shared/ui';
export { ApartmentCard } from './ui/apartment-card';
export { AiIndexBadge, indexReasonsText } from './ui/ai-index-badge';
export const ApartmentModal = lazyComponent(() => import('./ui/apartment-modal'), 'ApartmentModal');
export { topListQuery, topGuestListQuery, likedQuery, topMapQuery, topSidebarQuery } from './api/queries';
export type { TopSidebarGroups } from './api/queries';
export { apartKeys, selectionInfoKeys, complexKeys, districtStatisticsKeys, topKeys, favouriteKeys } from './api/keys';
export type { TopListParams } from './api/keys';
export { formatSuggestionDate } from './lib/suggestion-date';
export { formatDistance, moreStations } from './lib/metro-distance';
export const LightboxModal = lazyComponent(() => import('./ui/lightbox-modal'), 'LightboxModal');
export {
  apartDetailQuery,
  selectionInfoQuery,
  advertsQuery,
  relatedApartmentsQuery,
  houseSummaryQuery,
  complexPropertiesQuery,
  infrastructureQuery,
  districtStatisticsQuery,
} from './api/apart-queries';
export type { SelectionInfo, RelatedKind } from './api/apart-queries';
export { MetroList } from './ui/metro-list';
export { complexPageQuery, compareQuery, favouriteMarksQuery } from './api/complex-compare-queries';
export { ComplexLink } from './ui/complex-link';
export { SellerCard, phoneText } from './ui/seller-card';
export { DemoBanner } from './ui/demo-banner';
