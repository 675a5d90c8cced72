import type { PickerOption } from '../lib/area-options';

/** What the chips and the choosing layer show: the picker's label, the ids chosen, and each option by its id. */
export interface Chosen {
  label: string;
  selected: number[];
  byId: ReadonlyMap<number, PickerOption>;
}

/** The chosen items as chips; a chip takes its item away. */
export function Chips({ label, selected, byId, onRemove }: Chosen & { onRemove: (id: number) => void }) {
  if (selected.length === 0) return null;
  return (
    <div className="kv-picker__chips" role="group" aria-label={`Выбрано: ${label}`}>
      {selected.map((id) => {
        const name = byId.get(id)?.name ?? String(id);
        return (
          <button key={id} type="button" className="kv-chip is-on" onClick={() => onRemove(id)} aria-label={`Убрать ${name}`}>
            {name} ×
          </button>
        );
      })}
    </div>
  );
}
