export { ApartmentCard } from './ui/apartment-card';
export { topListQuery, likedQuery, apartmentKeys } from './api/queries';
export type { TopListParams } from './api/queries';
