import { useUnit } from 'effector-react';
import { Icon, useHaptics } from '@/shared/ui';
import { $viewModes, viewModeToggled, type ViewModeRoute } from '../model/view-mode';

/** What the Map/List switch says and does on this route: for a button of one's own (the Mini App menu's row). */
export function useViewModeToggle(route: ViewModeRoute | null) {
  const [modes, toggle] = useUnit([$viewModes, viewModeToggled]);
  const haptics = useHaptics();
  const mode = route ? modes[route] : 'list';
  return {
    label: mode === 'map' ? 'Списком' : 'На карте',
    icon: mode === 'map' ? ('list' as const) : ('map' as const),
    toggle: () => route && (haptics.selection(), toggle(route)),
  };
}

/** Map/List switch of the bottom bar: enabled only where a feed lives (HOME, AGENT, FAV). */
export function ViewModeToggle({ route }: { route: ViewModeRoute | null }) {
  const { label, icon, toggle } = useViewModeToggle(route);
  return (
    <button type="button" className="kv-nav-item" disabled={!route} onClick={toggle} data-testid="view-mode-toggle">
      <Icon name={icon} />
      <span>{label}</span>
    </button>
  );
}
