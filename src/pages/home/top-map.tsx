import { useQuery } from '@tanstack/react-query';
import type { TopProfile } from '@/entities/top-profile';
import { API_PATHS, api } from '@/shared/api';
import type { MapBuilding } from '@/shared/api';
import { BuildingsMap } from '@/widgets/buildings-map';

/** TOP on the map: the buildings of the ranked selection; a click lists the building's apartments. */
export function TopMap({ userId, params }: { userId: number | null; params: TopProfile | null }) {
  const buildings = useQuery({
    queryKey: ['apartment', 'top-map', userId, params],
    enabled: userId !== null && params !== null,
    queryFn: () => api.post<MapBuilding[]>(API_PATHS.TOP_MAP, params),
  });
  return <BuildingsMap buildings={buildings} sidebar="LEXS_SIDEBAR" ariaLabel="Квартиры на карте" />;
}
