import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useBackLayer } from '@/shared/ui';
import type { PickerOption } from '../lib/area-options';
import { Chips, type Chosen } from './picker-chips';
import './picker.css';

/** The choosing layer: title and «Готово», the search, the chips, then the whole grouped list. Escape closes it only. */
export function PickerLayer({
  label,
  options,
  selected,
  byId,
  onToggle,
  onReset,
  onClose,
}: Chosen & {
  options: PickerOption[];
  onToggle: (id: number) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const layer = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const query = search.trim().toLowerCase();
  const visible = query ? options.filter((o) => o.name.toLowerCase().includes(query)) : options;
  useEffect(() => {
    // On a phone the keyboard would cover half the list: the layer takes focus, the search only when tapped.
    layer.current?.focus({ preventScroll: true });
  }, []);
  // Telegram's BackButton closes the picker only, as Escape does.
  useBackLayer(onClose);
  // A layout effect, so the key is caught from the commit of this lazy layer on, not only after the paint.
  useLayoutEffect(() => {
    // Escape closes the picker only. The drawer around listens on the document too, so this one listens first (capture)
    // and keeps the key — wherever focus is (a removed chip leaves it on the page's body).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <div ref={layer} className="kv-picker-layer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
      <div className="kv-picker-layer__head">
        <h3 id={titleId} className="kv-picker-layer__title">
          {label}
        </h3>
        <button type="button" className="kv-button kv-button--primary" onClick={onClose}>
          Готово
        </button>
      </div>
      <input
        className="kv-input"
        type="search"
        placeholder="Поиск"
        aria-label={`Поиск: ${label}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="kv-picker-layer__chips">
        <Chips label={label} selected={selected} byId={byId} onRemove={onToggle} />
        {selected.length > 0 && (
          <button type="button" className="kv-button kv-button--link" onClick={onReset}>
            Сбросить
          </button>
        )}
      </div>
      <div className="kv-picker__list" role="group" aria-label={label}>
        {visible.map((o, i) => (
          <div key={o.id}>
            {(i === 0 || visible[i - 1]!.group !== o.group) && <p className="kv-picker__group">{o.group}</p>}
            <label className="kv-picker__option">
              <input type="checkbox" checked={selected.includes(o.id)} onChange={() => onToggle(o.id)} />
              {o.color && <span className="kv-metro-dot" style={{ background: o.color }} aria-hidden="true" />}
              {o.name}
            </label>
          </div>
        ))}
        {visible.length === 0 && <p className="kv-muted">Ничего не найдено</p>}
      </div>
    </div>
  );
}
