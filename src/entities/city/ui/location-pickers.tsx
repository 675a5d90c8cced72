import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { areaListQuery, metroListQuery } from '../api/area-metro-queries';
import { mergeAreaGroups } from '../lib/merge-areas';
import { compareRussian } from '@/shared/lib';

export type PickerOption = { id: number; name: string; group: string; color?: string };

/** A searchable, grouped multi-select with chips for what is chosen (spec §2 "Forms in the drawer"). */
export function Picker({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: PickerOption[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
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
            <button
              key={id}
              type="button"
              className="kv-chip is-on"
              onClick={() => toggle(id)}
              aria-label={`Убрать ${byId.get(id)?.name ?? id}`}
            >
              {byId.get(id)?.name ?? id} ×
            </button>
          ))}
        </div>
      )}
      <input
        className="kv-input"
        type="search"
        placeholder="Поиск"
        aria-label={`Поиск: ${label}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
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

const GROUP_TITLES: Record<string, string> = {
  center: 'Центр',
  north: 'Север',
  south: 'Юг',
  east: 'Восток',
  west: 'Запад',
  none: 'Другие районы',
};

/** Districts of the cities as picker options: grouped by side of the city, then the suburbs (spec §3 "Area list"). */
export function useAreaOptions(cityIds: number[]): PickerOption[] {
  const areas = useQuery(areaListQuery(cityIds));
  return useMemo<PickerOption[]>(() => {
    if (!areas.data) return [];
    const groupOf = new Map(
      Object.entries(areas.data.city).flatMap(([group, items]) => items.map((a) => [a.id, GROUP_TITLES[group] ?? group] as const)),
    );
    const merged = mergeAreaGroups(areas.data);
    return [
      ...merged.city.map((a) => ({ ...a, group: groupOf.get(a.id) ?? '' })).sort((a, b) => compareRussian(a.group, b.group)),
      ...merged.region.map((a) => ({ ...a, group: 'Пригороды' })),
    ];
  }, [areas.data]);
}

/** Metro stations as picker options, by line; none for a city without metro (spec §5). */
export function useMetroOptions(cityIds: number[], hasMetro: boolean): PickerOption[] {
  const metro = useQuery(metroListQuery(cityIds, hasMetro));
  return useMemo<PickerOption[]>(
    () =>
      (metro.data ?? [])
        .map((m) => ({ id: m.id, name: m.name, group: m.lineName, color: m.color }))
        .sort((a, b) => compareRussian(a.group, b.group)),
    [metro.data],
  );
}

export function AreaPicker({ cityIds, selected, onChange }: { cityIds: number[]; selected: number[]; onChange: (ids: number[]) => void }) {
  return <Picker label="Районы" options={useAreaOptions(cityIds)} selected={selected} onChange={onChange} />;
}

/** Renders nothing for a city without metro. */
export function MetroPicker({
  cityIds,
  hasMetro,
  selected,
  onChange,
}: {
  cityIds: number[];
  hasMetro: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const options = useMetroOptions(cityIds, hasMetro);
  if (!hasMetro) return null;
  return <Picker label="Метро" options={options} selected={selected} onChange={onChange} />;
}
