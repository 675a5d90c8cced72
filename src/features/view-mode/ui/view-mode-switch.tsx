import { useUnit } from 'effector-react';
import { $viewModes, viewModeToggled, type ViewModeRoute } from '../model/view-mode';
import { RadioButtons } from '@/shared/ui';

/** The 'Списком' / 'На карте' switch above a feed; hidden on screens up to 768 px (spec §2), where the bottom bar has it. */
export function ViewModeSwitch({ route }: { route: ViewModeRoute }) {
  const [modes, toggle] = useUnit([$viewModes, viewModeToggled]);
  const mode = modes[route];
  return (
    <RadioButtons
      label="Вид"
      options={['list', 'map'] as const}
      value={mode}
      onChange={() => toggle(route)}
      className="kv-view-switch"
      itemClassName="kv-chip"
    >
      {(value) => (value === 'list' ? 'Списком' : 'На карте')}
    </RadioButtons>
  );
}
