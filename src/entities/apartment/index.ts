import { lazyComponent } from '@/shared/ui';
export { ApartmentCard } from './ui/apartment-card';
export const ApartmentModal = lazyComponent(
  () => import('./ui/apartment-modal'),
  (m) => m.ApartmentModal,
);
export { topListQuery, topGuestListQuery, likedQuery, topMapQuery, topSidebarQuery, apartmentKeys } from './api/queries';
export type { TopSidebarGroups } from './api/queries';
export { formatSuggestionDate } from './lib/suggestion-date';
export { formatDistance, moreStations } from './lib/metro-distance';
export const LightboxModal = lazyComponent(
  () => import('./ui/lightbox-modal'),
  (m) => m.LightboxModal,
);
export {
  apartDetailQuery,
  selectionInfoQuery,
  advertsQuery,
  relatedApartmentsQuery,
  houseSummaryQuery,
  complexPropertiesQuery,
  infrastructureQuery,
  districtStatisticsQuery,
  apartKeys,
} from './api/apart-queries';
export type { SelectionInfo, RelatedKind } from './api/apart-queries';
export { MetroList } from './ui/metro-list';
