import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $liraStatus, isLaunched, liraMapQuery } from '@/entities/lira-profile';
import { BuildingsMap } from '@/widgets/buildings-map';
import { $liraShowSold } from '../model';

/** The suggestions on the map, refetched every 60 s while the agent runs; a building opens LIRA_SIDEBAR. */
export function LiraMap({ userId }: { userId: number }) {
  const [status, showSold] = useUnit([$liraStatus, $liraShowSold]);
  const buildings = useQuery(liraMapQuery(userId, showSold, isLaunched(status)));
  return <BuildingsMap buildings={buildings} sidebar="LIRA_SIDEBAR" ariaLabel="Подобранные квартиры на карте" />;
}
