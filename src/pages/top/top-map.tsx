import { useQuery } from '@tanstack/react-query';
import { topMapQuery } from '@/entities/apartment';
import type { TopProfile } from '@/entities/top-profile';
import { BuildingsMap } from '@/widgets/buildings-map';

/** TOP on the map: the buildings of the ranked selection; a click lists the building's apartments. */
export function TopMap({ userId, params }: { userId: number | null; params: TopProfile | null }) {
  const buildings = useQuery(topMapQuery(userId, params));
  return <BuildingsMap buildings={buildings} sidebar="LEXS_SIDEBAR" ariaLabel="Квартиры на карте" />;
}
