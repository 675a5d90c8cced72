import type { Endpoints } from '@/shared/api';
import { formatNumber } from '@/shared/lib';

export type Parsed = Endpoints['searchParse']['response'];
export type ParsedFilters = Parsed['filters'];

/** One understood condition as the buyer sees it: removable, and marked when TOP has no setting for it. */
export interface Chip {
  key: string;
  label: string;
  /** TOP keeps the spec's settings (city, districts, metro, price); the rest belongs to AI search. */
  inTop: boolean;
  remove: (p: Parsed) => Parsed;
}

const ROOM_NAMES = ['Студия', '1-к', '2-к', '3-к', '4-к и больше'];
const millionsText = (n: number) => `${(n / 1_000_000).toLocaleString('ru-RU', { maximumFractionDigits: 2 })} млн`;
const without = <K extends keyof ParsedFilters>(p: Parsed, key: K): Parsed => {
  const filters = { ...p.filters };
  delete filters[key];
  return { ...p, filters };
};

export function priceText(f: ParsedFilters): string | null {
  const { priceTotalMinGte: gte, priceTotalMinLte: lte } = f;
  if (gte !== undefined && lte !== undefined) return `${millionsText(gte)} – ${millionsText(lte)} ₽`;
  if (lte !== undefined) return `до ${millionsText(lte)} ₽`;
  if (gte !== undefined) return `от ${millionsText(gte)} ₽`;
  return null;
}

/** The city a sentence names, when it names one other than `current`: its places are looked up there. */
export const namedCity = (p: Parsed | null, current: number): number | null => {
  const city = p?.filters.cityIds?.[0];
  return city !== undefined && city !== current ? city : null;
};

/** The chips of a parse, in a steady order; names of cities, districts, stations and wishes from the reference lists. */
export function chipsOf(
  p: Parsed,
  names: { city: Map<number, string>; area: Map<number, string>; metro: Map<number, string>; wish: Map<string, string> },
): Chip[] {
  const f = p.filters;
  const chips: Chip[] = [];
  const city = f.cityIds?.[0];
  if (city !== undefined)
    chips.push({
      key: 'city',
      label: `Город: ${names.city.get(city) ?? '…'}`,
      inTop: true,
      // The districts and stations were found in that city: without it they mean nothing.
      remove: (x) => without(without(without(x, 'cityIds'), 'areaIds'), 'metroIds'),
    });
  if (f.roomsCntForFilter?.length)
    chips.push({
      key: 'rooms',
      label: f.roomsCntForFilter.map((r) => ROOM_NAMES[r]).join(', '),
      inTop: false,
      remove: (x) => without(x, 'roomsCntForFilter'),
    });
  const price = priceText(f);
  if (price)
    chips.push({
      key: 'price',
      label: price,
      inTop: true,
      remove: (x) => without(without(x, 'priceTotalMinGte'), 'priceTotalMinLte'),
    });
  for (const id of f.areaIds ?? [])
    chips.push({
      key: `area-${id}`,
      label: names.area.get(id) ?? `Район ${id}`,
      inTop: true,
      remove: (x) => ({ ...x, filters: { ...x.filters, areaIds: (x.filters.areaIds ?? []).filter((a) => a !== id) } }),
    });
  const stations = new Map<string, number[]>();
  for (const id of f.metroIds ?? []) {
    const name = names.metro.get(id) ?? `Станция ${id}`;
    stations.set(name, [...(stations.get(name) ?? []), id]);
  }
  for (const [name, ids] of stations)
    chips.push({
      key: `metro-${ids.join('-')}`,
      label: `м. ${name}`,
      inTop: true,
      remove: (x) => ({ ...x, filters: { ...x.filters, metroIds: (x.filters.metroIds ?? []).filter((m) => !ids.includes(m)) } }),
    });
  const simple: Array<[keyof ParsedFilters, string | null]> = [
    ['realtyType', f.realtyType === 'NEW' ? 'Новостройка' : f.realtyType === 'RESALE' ? 'Вторичка' : null],
    ['renovationType', f.renovationType === 'FULLY_RENOVATED' ? 'С отделкой' : f.renovationType === 'UNRENOVATED' ? 'Без отделки' : null],
    ['isApartHotel', f.isApartHotel === true ? 'Апартаменты' : f.isApartHotel === false ? 'Не апартаменты' : null],
    ['areaTotalGte', f.areaTotalGte !== undefined ? `от ${formatNumber(f.areaTotalGte, 'square')}` : null],
    ['areaKitchenGte', f.areaKitchenGte !== undefined ? `кухня от ${formatNumber(f.areaKitchenGte, 'square')}` : null],
    ['deadlineLte', f.deadlineLte !== undefined ? `сдача до ${f.deadlineLte % 10} кв. ${Math.floor(f.deadlineLte / 10)}` : null],
    ['stageIsPut', f.stageIsPut ? 'Дом сдан' : null],
  ];
  for (const [key, label] of simple) if (label) chips.push({ key, label, inTop: false, remove: (x) => without(x, key) });
  for (const [code, importance] of Object.entries(p.wishes)) {
    const level = importance === 'VERY_IMPORTANT' ? ' (очень важно)' : importance === 'DESIRABLE' ? ' (желательно)' : '';
    chips.push({
      key: `wish-${code}`,
      label: `${names.wish.get(code) ?? code}${level}`,
      inTop: false,
      remove: (x) => {
        const wishes = { ...x.wishes };
        delete wishes[code];
        return { ...x, wishes };
      },
    });
  }
  return chips;
}
