import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { SIDEBAR_GROUP_TITLES, sidebarStatus } from './sidebar-status';
import { $sidebarIds, sidebarFailed, sidebarLoaded } from '../model/chat';
import { topSidebarQuery, type TopSidebarGroups } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { ReactableCard } from '@/features/react-to-apartment';

const TITLES: ReadonlyArray<readonly [keyof TopSidebarGroups, string]> = SIDEBAR_GROUP_TITLES;

/** The apartments of a building chosen on the map, grouped by reaction (spec §7 TOP sidebar). */
export function BuildingSidebar() {
  const [ids, userId, loaded, failed] = useUnit([$sidebarIds, $userId, sidebarLoaded, sidebarFailed]);
  const sidebar = useQuery(topSidebarQuery(userId, ids));
  // The chat state mirrors the sidebar's load (spec §3 sidebarAparts {ids, data, isLoading}).
  useEffect(() => {
    if (sidebar.data) loaded(sidebar.data);
    else if (sidebar.isError) failed();
  }, [sidebar.data, sidebar.isError, loaded, failed]);
  if (sidebar.isPending || sidebar.isError) return sidebarStatus(sidebar);
  return (
    <div className="kv-sidebar-list" data-testid="building-sidebar">
      {TITLES.filter(([key]) => sidebar.data[key].length > 0).map(([key, title]) => (
        <section key={key}>
          <h3 className="kv-sidebar-list__title">
            {title} · {sidebar.data[key].length}
          </h3>
          {sidebar.data[key].map((item) => (
            <ReactableCard key={item.id} item={item} />
          ))}
        </section>
      ))}
    </div>
  );
}
