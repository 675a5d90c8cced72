import { useUnit } from 'effector-react';
import { $viewModes, viewModeToggled, type ViewModeRoute } from '../model/view-mode';

/** The 'Списком' / 'На карте' switch above a feed; hidden on screens up to 768 px (spec §2), where the bottom bar has it. */
export function ViewModeSwitch({ route }: { route: ViewModeRoute }) {
  const [modes, toggle] = useUnit([$viewModes, viewModeToggled]);
  const mode = modes[route];
  return (
    <div className="kv-view-switch" role="radiogroup" aria-label="Вид">
      {(['list', 'map'] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={mode === value}
          className={`kv-chip${mode === value ? ' is-on' : ''}`}
          onClick={() => mode !== value && toggle(route)}
        >
          {value === 'list' ? 'Списком' : 'На карте'}
        </button>
      ))}
    </div>
  );
}
