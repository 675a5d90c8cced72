import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { $analyticsFilters, ANALYTICS_PRICE, ROOM_KEYS, ROOM_LABELS, analyticsFiltersChanged, type RoomKey } from '@/entities/analytics';
import { drawerCloseRequested } from '@/shared/model';
import { MoneyInput, useClosingConfirmation, useHaptics, useMainButton, useSecondaryButton } from '@/shared/ui';
import { $currentCityKladr, AreaPicker, MetroPicker, cityListQuery } from '@/entities/city';
import './analytics-settings.css';

/** Drawer view ANALYTICS_SETTINGS ('Измените параметры поиска'): city, districts, metro, price range, rooms. */
export function AnalyticsSettings() {
  const [filters, appKladr, apply, close] = useUnit([$analyticsFilters, $currentCityKladr, analyticsFiltersChanged, drawerCloseRequested]);
  const kladr = filters.currentCity ?? appKladr;
  const haptics = useHaptics();
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const cityIds = city?.cityIds ?? [kladr];
  const [areaIds, setAreaIds] = useState(filters.areaIds);
  const [metroIds, setMetroIds] = useState(filters.metroIds);
  const [rooms, setRooms] = useState<RoomKey[]>(filters.roomsCntForFilter);
  const [low, setMin] = useState<number | null>(filters.priceRange[0]);
  const [high, setMax] = useState<number | null>(filters.priceRange[1]);
  const inRange = (v: number | null) => v !== null && Number.isFinite(v) && v >= ANALYTICS_PRICE.MIN && v <= ANALYTICS_PRICE.MAX;
  const priceValid = inRange(low) && inRange(high) && (low as number) <= (high as number);
  const toggleRoom = (key: RoomKey) =>
    setRooms((current) =>
      current.includes(key) ? current.filter((k) => k !== key) : ROOM_KEYS.filter((k) => k === key || current.includes(k)),
    );

  const submit = () => {
    if (!priceValid) return;
    const hasMetro = city?.hasMetro ?? false;
    // Metro ids are cleared for a city without metro (spec §5).
    apply({ currentCity: kladr, areaIds, metroIds: hasMetro ? metroIds : [], priceRange: [low, high], roomsCntForFilter: rooms, hasMetro });
    close();
  };
  // Inside Telegram: «Показать аналитику» on its MainButton, «Отмена» on the SecondaryButton; closing asks while edited.
  const native = useMainButton({ text: 'Показать аналитику', onClick: submit, disabled: !priceValid, layer: 'overlay' });
  useSecondaryButton({ text: 'Отмена', onClick: close, layer: 'overlay' });
  const shown = [filters.areaIds, filters.metroIds, filters.roomsCntForFilter, filters.priceRange[0], filters.priceRange[1]];
  useClosingConfirmation(JSON.stringify([areaIds, metroIds, rooms, low, high]) !== JSON.stringify(shown));

  return (
    <form className="kv-settings" noValidate onSubmit={(e) => (e.preventDefault(), submit())} aria-label="Параметры анализа">
      <p className="kv-settings__city">Город: {city?.title ?? '…'}</p>
      <AreaPicker cityIds={cityIds} selected={areaIds} onChange={setAreaIds} />
      <MetroPicker cityIds={cityIds} hasMetro={city?.hasMetro ?? false} selected={metroIds} onChange={setMetroIds} />
      <fieldset className="kv-picker">
        <legend>Цена, ₽</legend>
        <div className="kv-range">
          <label className="kv-field">
            <span>от</span>
            <MoneyInput
              value={low}
              onChange={setMin}
              aria-label="Цена от, ₽"
              aria-invalid={!priceValid}
              aria-describedby={priceValid ? undefined : 'analytics-price-hint'}
            />
          </label>
          <label className="kv-field">
            <span>до</span>
            <MoneyInput
              value={high}
              onChange={setMax}
              aria-label="Цена до, ₽"
              aria-invalid={!priceValid}
              aria-describedby={priceValid ? undefined : 'analytics-price-hint'}
            />
          </label>
        </div>
        {!priceValid && (
          <small id="analytics-price-hint" className="kv-error-text">
            Укажите цену от 0 до 200 000 000 ₽; «от» не больше «до»
          </small>
        )}
      </fieldset>
      <fieldset className="kv-picker">
        <legend>Комнаты</legend>
        <div className="kv-picker__chips" role="group" aria-label="Комнаты">
          {ROOM_KEYS.map((key) => (
            <button
              key={key}
              type="button"
              className={`kv-chip${rooms.includes(key) ? ' is-on' : ''}`}
              aria-pressed={rooms.includes(key)}
              onClick={() => (haptics.selection(), toggleRoom(key))}
            >
              {ROOM_LABELS[key]}
            </button>
          ))}
        </div>
      </fieldset>
      {!native && (
        <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={!priceValid}>
          Показать аналитику
        </button>
      )}
    </form>
  );
}
