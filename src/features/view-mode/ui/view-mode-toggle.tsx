import { useUnit } from 'effector-react';
import { Icon, useHaptics } from '@/shared/ui';
import { $viewModes, viewModeToggled, type ViewModeRoute } from '../model/view-mode';

/** Map/List switch of the bottom bar: enabled only where a feed lives (HOME, AGENT, FAV). */
export function ViewModeToggle({ route }: { route: ViewModeRoute | null }) {
  const [modes, toggle] = useUnit([$viewModes, viewModeToggled]);
  const haptics = useHaptics();
  const mode = route ? modes[route] : 'list';
  const label = mode === 'map' ? 'Списком' : 'На карте';
  return (
    <button
      type="button"
      className="kv-nav-item"
      disabled={!route}
      onClick={() => route && (haptics.selection(), toggle(route))}
      data-testid="view-mode-toggle"
    >
      <Icon name={mode === 'map' ? 'list' : 'map'} />
      <span>{label}</span>
    </button>
  );
}
