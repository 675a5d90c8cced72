import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { drawerClosed } from '@/shared/model';
import { $currentCityKladr, AreaPicker, MetroPicker, cityListQuery, citySelected } from '@/entities/city';
import { presetsQuery } from '@/entities/preset';
import { SentenceSearch, type ParsedSentence } from '@/entities/sentence';
import { $userId } from '@/entities/session';
import { useSaveTopProfile, useTopProfile } from '@/entities/top-profile';
import { TOP_PRICE, errorMessage, topPriceWindow } from '@/shared/api';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';
import { notificationShown } from '@/shared/model';
import { MoneyInput, useClosingConfirmation, useMainButton, useSecondaryButton } from '@/shared/ui';
import { $pendingSentence, draftWithSentence, sentencePending, type TopDraft } from '../model/sentence';

/**
 * TOP settings (drawer view LEXS): city, districts, metro, price; the spec §5 price window on submit. A sentence's
 * parse applies with «Применить условия», or with «Показать квартиры» when that was not pressed; a city it names
 * switches the city.
 */
export function TopSettings() {
  const [kladr, userId, close, notify, pending, setPending, selectCity] = useUnit([
    $currentCityKladr,
    $userId,
    drawerClosed,
    notificationShown,
    $pendingSentence,
    sentencePending,
    citySelected,
  ]);
  const cities = useQuery(cityListQuery()).data;
  const city = cities?.find((c) => c.kladr === kladr);
  const hasMetro = (k: number) => cities?.find((c) => c.kladr === k)?.hasMetro ?? false;
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
  const draft: TopDraft = { cityKladr: kladr, areaIds, metroIds, price };
  // TOP keeps its own settings: city, districts, metro and a target price (model/sentence.ts).
  const applySentence = (parsed: ParsedSentence) => {
    const next = draftWithSentence(draft, parsed, hasMetro);
    setAreaIds(next.areaIds);
    setMetroIds(next.metroIds);
    setPrice(next.price);
    if (next.cityKladr !== kladr) selectCity(next.cityKladr);
  };
  // «Показать квартиры» shows what the form says once the parse on screen is applied: it is never thrown away.
  const shown = pending ? draftWithSentence(draft, pending, hasMetro) : draft;
  const numericPrice = shown.price ?? Number.NaN;
  const priceValid = Number.isFinite(numericPrice) && numericPrice >= TOP_PRICE.MIN && numericPrice <= TOP_PRICE.MAX;

  const submit = () => {
    if (!p || !priceValid) return;
    const moved = shown.cityKladr !== kladr;
    const preset = presets.data?.find((x) => x.template.id === p.templateId);
    const userModified = numericPrice !== initialPrice || moved || readStorage(STORAGE_KEYS.USER_MODIFIED_PRICE) === 'true';
    const window = topPriceWindow(numericPrice, preset?.filters.priceTotalMinGap ?? 20, userModified, {
      min: preset?.filters.priceTotalMinGte ?? p.priceTotalMinGte ?? TOP_PRICE.MIN,
      max: preset?.filters.priceTotalMinLte ?? p.priceTotalMinLte ?? TOP_PRICE.MAX,
    });
    writeStorage(STORAGE_KEYS.USER_MODIFIED_PRICE, String(userModified));
    save.mutate(
      // Metro ids are cleared for a city without metro (spec §5).
      {
        ...p,
        cityIds: [shown.cityKladr],
        areaIds: shown.areaIds,
        metroIds: hasMetro(shown.cityKladr) ? shown.metroIds : [],
        priceTotalMinGte: window.min,
        priceTotalMinLte: window.max,
      },
      {
        onSuccess: () => {
          // The profile is saved for the named city first, so the city's switch finds it already there.
          if (moved) selectCity(shown.cityKladr);
          close();
        },
        onError: (error) => notify({ text: `Не удалось сохранить настройки: ${errorMessage(error)}` }),
      },
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
      <SentenceSearch cityId={kladr} hasMetro={city?.hasMetro ?? false} scope="top" onApply={applySentence} onPending={setPending} />
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
