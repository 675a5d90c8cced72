import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { likedQuery } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { CompareToggle } from '@/features/compare-apartments';
import { ReactableCard } from '@/features/react-to-apartment';
import { apartmentModal } from '@/shared/model';
import { sidebarStatus } from './sidebar-status';
import { $sidebarIds, sidebarFailed, sidebarLoaded } from '../model/chat';

/**
 * The favourites of a building chosen on the favourites map: the list's own rules (spec §2 FAV), not TOP's sidebar —
 * the same liked apartments in the list's order, sold ones shown as the list shows them, no 👎 and, when opened, no
 * dislike or relevance (withoutDislike, withoutRelevance).
 */
export function FavouritesSidebar() {
  const [ids, userId, loaded, failed, open] = useUnit([$sidebarIds, $userId, sidebarLoaded, sidebarFailed, apartmentModal.opened]);
  const liked = useQuery(likedQuery(userId));
  const items = useMemo(() => {
    const chosen = new Set(ids);
    return liked.data?.filter((item) => chosen.has(item.id));
  }, [liked.data, ids]);
  // The chat state mirrors the sidebar's load (spec §3 sidebarAparts {ids, data, isLoading}).
  useEffect(() => {
    if (items) loaded({ LIKED: items, NOT_VIEWED: [], DISLIKED: [] });
    else if (liked.isError) failed();
  }, [items, liked.isError, loaded, failed]);
  if (liked.isPending || liked.isError) return sidebarStatus(liked);
  return (
    <div className="kv-sidebar-list" data-testid="favourites-sidebar">
      <section>
        <h3 className="kv-sidebar-list__title">Избранное в этом доме · {items?.length ?? 0}</h3>
        {items?.length === 0 && <p className="kv-muted">Здесь больше нет избранных квартир.</p>}
        {items?.map((item) => (
          <ReactableCard
            key={item.id}
            extraActions={<CompareToggle apartmentId={item.id} variant="card" />}
            item={item}
            withoutDislike
            onOpen={(shown) => open({ item: shown, withoutDislike: true, withoutRelevance: true })}
          />
        ))}
      </section>
    </div>
  );
}
