import { useState } from 'react';

export type PickerOption = { id: number; name: string; group: string; color?: string };

/** A searchable multi-select with chips of what is chosen (districts, metro). */
export function Picker({ label, options, selected, onChange }: { label: string; options: PickerOption[]; selected: number[]; onChange: (ids: number[]) => void }) {
  const [search, setSearch] = useState('');
  const visible = options.filter((o) => o.name.toLowerCase().includes(search.trim().toLowerCase())).slice(0, 40);
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const byId = new Map(options.map((o) => [o.id, o]));
  return (
    <fieldset className="kv-picker">
      <legend>{label}</legend>
      {selected.length > 0 && (
        <div className="kv-picker__chips" aria-label={`Выбрано: ${label}`}>
          {selected.map((id) => (
            <button key={id} type="button" className="kv-chip is-on" onClick={() => toggle(id)} aria-label={`Убрать ${byId.get(id)?.name ?? id}`}>
              {byId.get(id)?.name ?? id} ×
            </button>
          ))}
        </div>
      )}
      <input className="kv-input" type="search" placeholder="Поиск" aria-label={`Поиск: ${label}`} value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="kv-picker__list" role="group" aria-label={label}>
        {visible.map((o, i) => (
          <div key={o.id}>
            {(i === 0 || visible[i - 1]!.group !== o.group) && <p className="kv-picker__group">{o.group}</p>}
            <label className="kv-picker__option">
              <input type="checkbox" checked={selected.includes(o.id)} onChange={() => toggle(o.id)} />
              {o.color && <span className="kv-metro-dot" style={{ background: o.color }} aria-hidden="true" />}
              {o.name}
            </label>
          </div>
        ))}
        {visible.length === 0 && <p className="kv-muted">Ничего не найдено</p>}
      </div>
    </fieldset>
  );
}
