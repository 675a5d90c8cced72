import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { SIDEBAR_GROUP_TITLES, sidebarStatus } from './sidebar-status';
import { $sidebarIds, sidebarFailed, sidebarLoaded } from '../model/chat';
import { ComplexLink, topSidebarQuery, type TopSidebarGroups } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { CompareToggle } from '@/features/compare-apartments';
import { ReactableCard } from '@/features/react-to-apartment';
import { drawerCloseRequested } from '@/shared/model';

const TITLES: ReadonlyArray<readonly [keyof TopSidebarGroups, string]> = SIDEBAR_GROUP_TITLES;

/** The apartments of a building chosen on the map, grouped by reaction (spec §7 TOP sidebar). */
export function BuildingSidebar() {
  const [ids, userId, loaded, failed, close] = useUnit([$sidebarIds, $userId, sidebarLoaded, sidebarFailed, drawerCloseRequested]);
  const sidebar = useQuery(topSidebarQuery(userId, ids));
  // The chat state mirrors the sidebar's load (spec §3 sidebarAparts {ids, data, isLoading}).
  useEffect(() => {
    if (sidebar.data) loaded(sidebar.data);
    else if (sidebar.isError) failed();
  }, [sidebar.data, sidebar.isError, loaded, failed]);
  if (sidebar.isPending || sidebar.isError) return sidebarStatus(sidebar);
  // The building's complex has its own page: every listing there, its buildings and its prices.
  const first = TITLES.map(([key]) => sidebar.data[key][0]).find((item) => item !== undefined);
  return (
    <div className="kv-sidebar-list" data-testid="building-sidebar">
      {first && (
        <ComplexLink complexId={first.complex.id} cityId={first.cityId} className="kv-button kv-button--wide" onClick={close}>
          {first.isNew ? `Страница ЖК «${first.complex.name}»` : `Всё о доме ${first.complex.name}`}
        </ComplexLink>
      )}
      {TITLES.filter(([key]) => sidebar.data[key].length > 0).map(([key, title]) => (
        <section key={key}>
          <h3 className="kv-sidebar-list__title">
            {title} · {sidebar.data[key].length}
          </h3>
          {sidebar.data[key].map((item) => (
            <ReactableCard key={item.id} extraActions={<CompareToggle apartmentId={item.id} variant="card" />} item={item} />
          ))}
        </section>
      ))}
    </div>
  );
}
