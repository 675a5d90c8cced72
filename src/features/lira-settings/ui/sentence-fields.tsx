import { countsToRooms, type LiraForm } from '@/entities/lira-profile';
import { SentenceSearch, type ParsedSentence } from '@/entities/sentence';

const PRICE_FLOOR = 2_000_000;
const PRICE_CEILING = 200_000_000;

/** A parsed sentence laid over the AI-search form: what it said replaces those fields, wishes are added. */
export function applySentence(form: LiraForm, parsed: ParsedSentence): LiraForm {
  const f = parsed.filters;
  const next: LiraForm = { ...form, wishes: { ...form.wishes, ...parsed.wishes } };
  if (f.cityIds?.length) next.cityIds = f.cityIds;
  if (f.areaIds) next.areaIds = f.areaIds;
  if (f.metroIds) next.metroIds = f.metroIds;
  if (f.priceTotalMinGte !== undefined || f.priceTotalMinLte !== undefined)
    next.priceMinMax = [
      Math.max(PRICE_FLOOR, f.priceTotalMinGte ?? PRICE_FLOOR),
      Math.min(PRICE_CEILING, f.priceTotalMinLte ?? PRICE_CEILING),
    ];
  if (f.roomsCntForFilter) next.roomsAmount = countsToRooms(f.roomsCntForFilter);
  if (f.realtyType) next.realtyType = f.realtyType;
  if (f.renovationType) next.renovationType = f.renovationType;
  if (f.isApartHotel !== undefined) next.housingType = f.isApartHotel ? 'APARTMENT' : 'FLAT';
  if (f.areaTotalGte !== undefined) next.areaTotalMin = f.areaTotalGte;
  if (f.areaKitchenGte !== undefined) next.areaKitchenMin = f.areaKitchenGte;
  if (f.deadlineLte !== undefined) next.deadlineLte = f.deadlineLte;
  if (f.stageIsPut !== undefined) next.stageIsPut = f.stageIsPut;
  return next;
}

/** «Опишите квартиру словами» above the AI-search filters: every chip applies. */
export function SentenceFields({ value, hasMetro, onChange }: { value: LiraForm; hasMetro: boolean; onChange: (form: LiraForm) => void }) {
  const cityId = value.cityIds[0];
  if (cityId === undefined) return null;
  return <SentenceSearch cityId={cityId} hasMetro={hasMetro} scope="lira" onApply={(parsed) => onChange(applySentence(value, parsed))} />;
}
