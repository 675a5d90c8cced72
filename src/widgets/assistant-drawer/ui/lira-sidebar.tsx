import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { SIDEBAR_GROUP_TITLES, sidebarStatus } from './sidebar-status';
import { $sidebarIds } from '../model/chat';
import { liraSidebarQuery } from '@/entities/lira-profile';
import { $userId } from '@/entities/session';
import { CompareToggle } from '@/features/compare-apartments';
import { ReactableCard } from '@/features/react-to-apartment';

/** LIRA_SIDEBAR: the agent's suggestions in a building chosen on the AGENT map. */
export function LiraSidebar() {
  const [ids, userId] = useUnit([$sidebarIds, $userId]);
  const sidebar = useQuery(liraSidebarQuery(userId, ids));
  if (sidebar.isPending || sidebar.isError) return sidebarStatus(sidebar);
  return (
    <div className="kv-sidebar-list" data-testid="lira-sidebar">
      {SIDEBAR_GROUP_TITLES.map(([type, title]) => {
        const items = sidebar.data.filter((item) => item.type === type);
        if (items.length === 0) return null;
        return (
          <section key={type}>
            <h3 className="kv-sidebar-list__title">
              {title} · {items.length}
            </h3>
            {items.map((item) => (
              <ReactableCard key={item.id} extraActions={<CompareToggle apartmentId={item.id} variant="card" />} item={item} />
            ))}
          </section>
        );
      })}
    </div>
  );
}
