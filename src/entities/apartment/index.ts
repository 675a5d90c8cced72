export { ApartmentCard } from './ui/apartment-card';
export { ApartmentModal } from './ui/apartment-modal';
export { topListQuery, likedQuery, apartmentKeys } from './api/queries';
export type { TopListParams } from './api/queries';
export { formatSuggestionDate } from './lib/suggestion-date';
export { formatDistance, moreStations } from './lib/metro-distance';
