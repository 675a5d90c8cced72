import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { areaListQuery, metroListQuery } from '../api/area-metro-queries';
import { areaOptions, type PickerOption } from '../lib/area-options';
import { compareRussian } from '@/shared/lib';
import { Chips } from './picker-chips';

/** The layer and its styles load on the first opening: the settings forms show only the chips and a button before. */
const PickerLayer = /* @__PURE__ */ lazy(() => import('./picker-layer').then((m) => ({ default: m.PickerLayer })));

/** What a multi-select holds: the ids chosen, and what takes the new list of them. */
interface Choice {
  selected: number[];
  onChange: (ids: number[]) => void;
}

/**
 * A multi-select of districts or stations (spec §2 "Forms in the drawer": search, groups, chips). In the form it is a
 * line of removable chips and a button; the choosing happens in a layer of its own that takes the whole height (the
 * whole screen on a phone), so its long list is the only thing that scrolls — never a small box inside a scrolling
 * sheet. Every option is listed; the search only narrows them.
 */
export function Picker({ label, options, selected, onChange }: Choice & { label: string; options: PickerOption[] }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const byId = new Map(options.map((o) => [o.id, o]));
  const close = () => {
    setOpen(false);
    opener.current?.focus({ preventScroll: true });
  };
  return (
    <>
      <fieldset className="kv-picker">
        <legend>{label}</legend>
        <Chips label={label} selected={selected} byId={byId} onRemove={toggle} />
        <button ref={opener} type="button" className="kv-button kv-picker__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {selected.length > 0 ? `Изменить: ${label.toLowerCase()}` : `Выбрать ${label.toLowerCase()}`}
        </button>
      </fieldset>
      {open && (
        <Suspense fallback={null}>
          <PickerLayer
            label={label}
            options={options}
            selected={selected}
            byId={byId}
            onToggle={toggle}
            onReset={() => onChange([])}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}

/** Districts of the cities as picker options: by side of the city (centre first), then the suburbs (spec §3 "Area list"). */
export function useAreaOptions(cityIds: number[]): PickerOption[] {
  const areas = useQuery(areaListQuery(cityIds));
  return useMemo<PickerOption[]>(() => (areas.data ? areaOptions(areas.data) : []), [areas.data]);
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

export function AreaPicker({ cityIds, ...choice }: Choice & { cityIds: number[] }) {
  return <Picker label="Районы" options={useAreaOptions(cityIds)} {...choice} />;
}

/** Renders nothing for a city without metro. */
export function MetroPicker({ cityIds, hasMetro, ...choice }: Choice & { cityIds: number[]; hasMetro: boolean }) {
  const options = useMetroOptions(cityIds, hasMetro);
  if (!hasMetro) return null;
  return <Picker label="Метро" options={options} {...choice} />;
}
