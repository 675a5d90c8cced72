import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import { chatClosed } from '@/entities/chat';
import { $currentCityKladr, areaListQuery, cityListQuery, mergeAreaGroups, metroListQuery } from '@/entities/city';
import { presetsQuery } from '@/entities/preset';
import { $userId } from '@/entities/session';
import { useSaveTopProfile, useTopProfile } from '@/entities/top-profile';
import { TOP_PRICE, errorMessage, topPriceWindow } from '@/shared/api';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';
import { notificationShown } from '@/shared/model';

type Option = { id: number; name: string; group: string; color?: string };

function Picker({ label, options, selected, onChange }: { label: string; options: Option[]; selected: number[]; onChange: (ids: number[]) => void }) {
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

const GROUP_TITLES: Record<string, string> = { center: 'Центр', north: 'Север', south: 'Юг', east: 'Восток', west: 'Запад', none: 'Другие районы' };

/** TOP settings (drawer view LEXS): city, districts, metro, price; the spec §5 price window on submit. */
export function LexsSettings() {
  const [kladr, userId, close, notify] = useUnit([$currentCityKladr, $userId, chatClosed, notificationShown]);
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const profile = useTopProfile(userId);
  const save = useSaveTopProfile(userId);
  const presets = useQuery(presetsQuery('FREE_TOP', kladr));
  const areas = useQuery(areaListQuery([kladr]));
  const metro = useQuery(metroListQuery([kladr], city?.hasMetro ?? false));
  const p = profile.data;
  const initialPrice = p && p.priceTotalMinGte !== null && p.priceTotalMinLte !== null ? Math.round((p.priceTotalMinGte + p.priceTotalMinLte) / 2 / TOP_PRICE.STEP) * TOP_PRICE.STEP : TOP_PRICE.DEFAULT;
  const [areaIds, setAreaIds] = useState<number[]>(() => (p?.areaIds as number[] | undefined) ?? []);
  const [metroIds, setMetroIds] = useState<number[]>(() => (p?.metroIds as number[] | undefined) ?? []);
  const [price, setPrice] = useState(String(initialPrice));
  const areaOptions = useMemo<Option[]>(() => {
    if (!areas.data) return [];
    const groups = Object.entries(areas.data.city).flatMap(([group, items]) => items.map((a) => ({ ...a, group: GROUP_TITLES[group] ?? group })));
    const merged = mergeAreaGroups(areas.data);
    const groupOf = new Map(groups.map((a) => [a.id, a.group]));
    return [...merged.city.map((a) => ({ ...a, group: groupOf.get(a.id) ?? '' })).sort((a, b) => a.group.localeCompare(b.group, 'ru')), ...merged.region.map((a) => ({ ...a, group: 'Пригороды' }))];
  }, [areas.data]);
  const metroOptions = useMemo<Option[]>(() => (metro.data ?? []).map((m) => ({ id: m.id, name: m.name, group: m.lineName, color: m.color })).sort((a, b) => a.group.localeCompare(b.group, 'ru')), [metro.data]);
  const numericPrice = Number(price.replace(/\s/g, ''));
  const priceValid = Number.isFinite(numericPrice) && numericPrice >= TOP_PRICE.MIN && numericPrice <= TOP_PRICE.MAX;

  const submit = () => {
    if (!p || !priceValid) return;
    const preset = presets.data?.find((x) => x.template.id === p.templateId);
    const userModified = numericPrice !== initialPrice || readStorage(STORAGE_KEYS.USER_MODIFIED_PRICE) === 'true';
    const window = topPriceWindow(numericPrice, preset?.filters.priceTotalMinGap ?? 20, userModified, {
      min: preset?.filters.priceTotalMinGte ?? p.priceTotalMinGte ?? TOP_PRICE.MIN,
      max: preset?.filters.priceTotalMinLte ?? p.priceTotalMinLte ?? TOP_PRICE.MAX,
    });
    writeStorage(STORAGE_KEYS.USER_MODIFIED_PRICE, String(userModified));
    save.mutate(
      // Metro ids are cleared for a city without metro (spec §5).
      { ...p, areaIds, metroIds: city?.hasMetro ? metroIds : [], priceTotalMinGte: window.min, priceTotalMinLte: window.max },
      { onSuccess: () => close(), onError: (error) => notify({ text: `Не удалось сохранить настройки: ${errorMessage(error)}` }) },
    );
  };

  if (profile.isPending) return <p className="kv-muted">Загружаем настройки…</p>;
  return (
    <form className="kv-settings" onSubmit={(e) => (e.preventDefault(), submit())}>
      <p className="kv-settings__city">Город: {city?.title ?? '…'}</p>
      <Picker label="Районы" options={areaOptions} selected={areaIds} onChange={setAreaIds} />
      {city?.hasMetro && <Picker label="Метро" options={metroOptions} selected={metroIds} onChange={setMetroIds} />}
      <label className="kv-field">
        <span>Цена, ₽</span>
        <input className="kv-input" inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} aria-invalid={!priceValid} aria-describedby="price-hint" />
        <small id="price-hint" className={priceValid ? 'kv-muted' : 'kv-error-text'}>
          {priceValid ? 'Покажем квартиры вокруг этой цены' : 'Укажите цену от 2 000 000 до 200 000 000 ₽'}
        </small>
      </label>
      <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={!priceValid || save.isPending}>
        {save.isPending ? 'Сохраняем…' : 'Показать квартиры'}
      </button>
    </form>
  );
}
