import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { drawerClosed } from '@/shared/model';
import { $currentCityKladr, AreaPicker, MetroPicker, cityListQuery } from '@/entities/city';
import { presetsQuery } from '@/entities/preset';
import { SentenceSearch, type ParsedSentence } from '@/entities/sentence';
import { $userId } from '@/entities/session';
import { useSaveTopProfile, useTopProfile } from '@/entities/top-profile';
import { TOP_PRICE, errorMessage, topPriceWindow } from '@/shared/api';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';
import { notificationShown } from '@/shared/model';
import { MoneyInput, useClosingConfirmation, useMainButton, useSecondaryButton } from '@/shared/ui';

/** TOP settings (drawer view LEXS): city, districts, metro, price; the spec §5 price window on submit. */
export function TopSettings() {
  const [kladr, userId, close, notify] = useUnit([$currentCityKladr, $userId, drawerClosed, notificationShown]);
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const profile = useTopProfile(userId);
  const save = useSaveTopProfile(userId);
  const presets = useQuery(presetsQuery('FREE_TOP', kladr));
  const p = profile.data;
  const initialPrice =
    p && p.priceTotalMinGte !== null && p.priceTotalMinLte !== null
      ? Math.round((p.priceTotalMinGte + p.priceTotalMinLte) / 2 / TOP_PRICE.STEP) * TOP_PRICE.STEP
      : TOP_PRICE.DEFAULT;
  const [areaIds, setAreaIds] = useState<number[]>(() => p?.areaIds ?? []);
  const [metroIds, setMetroIds] = useState<number[]>(() => p?.metroIds ?? []);
  const [price, setPrice] = useState<number | null>(initialPrice);
  // TOP keeps its own settings: districts, metro and a target price (the middle of a range, or its end).
  const applySentence = (parsed: ParsedSentence) => {
    const f = parsed.filters;
    if (f.areaIds) setAreaIds(f.areaIds);
    if (f.metroIds && city?.hasMetro) setMetroIds(f.metroIds);
    const target =
      f.priceTotalMinGte !== undefined && f.priceTotalMinLte !== undefined
        ? (f.priceTotalMinGte + f.priceTotalMinLte) / 2
        : (f.priceTotalMinLte ?? f.priceTotalMinGte);
    if (target !== undefined)
      setPrice(Math.min(TOP_PRICE.MAX, Math.max(TOP_PRICE.MIN, Math.round(target / TOP_PRICE.STEP) * TOP_PRICE.STEP)));
  };
  const numericPrice = price ?? Number.NaN;
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

  // Inside Telegram: «Показать квартиры» on its MainButton, «Отмена» on the SecondaryButton; closing asks while edited.
  const native = useMainButton({
    text: 'Показать квартиры',
    onClick: submit,
    disabled: !priceValid,
    progress: save.isPending,
    visible: !profile.isPending,
    layer: 'overlay',
  });
  useSecondaryButton({ text: 'Отмена', onClick: close, layer: 'overlay' });
  const edited = price !== initialPrice || JSON.stringify([areaIds, metroIds]) !== JSON.stringify([p?.areaIds ?? [], p?.metroIds ?? []]);
  useClosingConfirmation(!profile.isPending && edited);

  if (profile.isPending) return <p className="kv-muted">Загружаем настройки…</p>;
  return (
    <form className="kv-settings" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <p className="kv-settings__city">Город: {city?.title ?? '…'}</p>
      <SentenceSearch cityId={kladr} hasMetro={city?.hasMetro ?? false} scope="top" onApply={applySentence} />
      <AreaPicker cityIds={[kladr]} selected={areaIds} onChange={setAreaIds} />
      <MetroPicker cityIds={[kladr]} hasMetro={city?.hasMetro ?? false} selected={metroIds} onChange={setMetroIds} />
      <label className="kv-field">
        <span>Цена, ₽</span>
        <MoneyInput value={price} onChange={setPrice} aria-invalid={!priceValid} aria-describedby="price-hint" />
        <small id="price-hint" className={priceValid ? 'kv-muted' : 'kv-error-text'}>
          {priceValid ? 'Покажем квартиры вокруг этой цены' : 'Укажите цену от 2 000 000 до 200 000 000 ₽'}
        </small>
      </label>
      {!native && (
        <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={!priceValid || save.isPending}>
          {save.isPending ? 'Сохраняем…' : 'Показать квартиры'}
        </button>
      )}
    </form>
  );
}
