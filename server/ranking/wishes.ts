import { formatMeasure } from '@kvarta/contract/format';
import type { CityColumns } from './city-columns';
import { fairPriceText } from '../catalog/market';
import type { Importance } from '../core/model';
import { FLAG, INFRA_ORDER } from './constants';
import { metroWalkText } from './metro-walk';

export const IMPORTANCE_WEIGHT: Record<Importance, number> = { DESIRABLE: 1, IMPORTANT: 2, VERY_IMPORTANT: 3 };

export interface WishDefinition {
  code: string;
  /** The wish as the user picks it. */
  title: string;
  /** How well a listing fits: 0 not at all … 1 fully. */
  satisfaction(c: CityColumns, row: number): number;
  /** Why it fits or not, in Russian, for `wishesTexts`. */
  explain(c: CityColumns, row: number): string;
}

/** 1 at or below `good`, 0 at or above `bad`, linear between. */
function falling(value: number, good: number, bad: number): number {
  if (value <= good) return 1;
  if (value >= bad) return 0;
  return (bad - value) / (bad - good);
}
/** 0 at or below `bad`, 1 at or above `good`. */
function rising(value: number, bad: number, good: number): number {
  return 1 - falling(value, bad, good);
}

const metres = (m: number) => (m >= 1000 ? `${(m / 1000).toFixed(1).replace('.', ',')} км` : `${Math.round(m / 10) * 10} м`);

function infraWish(code: string, title: string, noun: string, good: number, bad: number): WishDefinition {
  const k = INFRA_ORDER.indexOf(code === 'SHOPS' ? 'SHOP' : (code as (typeof INFRA_ORDER)[number]));
  return {
    code,
    title,
    satisfaction: (c, row) => falling(c.infra[row * INFRA_ORDER.length + k]!, good, bad),
    explain: (c, row) => {
      const d = c.infra[row * INFRA_ORDER.length + k]!;
      return d >= 5000 ? `${noun} далеко` : `${noun} в ${metres(d)}`;
    },
  };
}

/** A yes/no wish; where `known` is given and its bit unset the source does not say: half satisfied, and said so. */
function flagWish(
  code: string,
  title: string,
  flag: number,
  yes: string,
  no: string,
  known?: { flag: number; text: string },
): WishDefinition {
  const unknown = (c: CityColumns, row: number) => known !== undefined && (c.flags[row]! & known.flag) === 0;
  return {
    code,
    title,
    satisfaction: (c, row) => (unknown(c, row) ? 0.5 : (c.flags[row]! & flag) !== 0 ? 1 : 0),
    explain: (c, row) => (unknown(c, row) ? known!.text : (c.flags[row]! & flag) !== 0 ? yes : no),
  };
}

export const WISHES: readonly WishDefinition[] = [
  {
    code: 'METRO_NEARBY',
    title: 'Метро рядом',
    satisfaction: (c, row) => falling(c.metroMinutes[row]!, 10, 30),
    explain: (c, row) => metroWalkText(c.metroMinutes[row]!),
  },
  infraWish('SCHOOL', 'Школа рядом', 'Школа', 500, 1500),
  infraWish('KINDERGARTEN', 'Детский сад рядом', 'Детский сад', 500, 1500),
  infraWish('PARK', 'Парк рядом', 'Парк', 700, 2000),
  infraWish('SHOPS', 'Магазины рядом', 'Магазин', 300, 1000),
  infraWish('CLINIC', 'Поликлиника рядом', 'Поликлиника', 1000, 3000),
  {
    code: 'BIG_KITCHEN',
    title: 'Большая кухня',
    satisfaction: (c, row) => rising(c.areaKitchen[row]!, 9, 15),
    explain: (c, row) => `Кухня ${formatMeasure(c.areaKitchen[row]!, 'м²')}`,
  },
  {
    code: 'NOT_FIRST_FLOOR',
    title: 'Не первый этаж',
    satisfaction: (c, row) => (c.floor[row]! > 1 ? 1 : 0),
    explain: (c, row) => (c.floor[row]! > 1 ? `${c.floor[row]} этаж` : 'Первый этаж'),
  },
  {
    code: 'HIGH_FLOOR',
    title: 'Высокий этаж',
    satisfaction: (c, row) => rising(c.floor[row]!, 4, 10),
    explain: (c, row) => `${c.floor[row]} этаж из ${c.floors[row]}`,
  },
  flagWish('PARKING', 'Парковка', FLAG.PARKING, 'Есть парковка', 'Парковки нет', {
    flag: FLAG.PARKING_KNOWN,
    text: 'Парковка: нет данных',
  }),
  flagWish('CLOSED_YARD', 'Закрытый двор', FLAG.CLOSED_YARD, 'Закрытый двор', 'Двор открытый', {
    flag: FLAG.CLOSED_YARD_KNOWN,
    text: 'Двор: нет данных',
  }),
  flagWish('FINISHED', 'С отделкой', FLAG.RENOVATED, 'С отделкой', 'Без отделки', {
    flag: FLAG.RENOVATION_KNOWN,
    text: 'Отделка: нет данных',
  }),
  flagWish('HOUSE_COMPLETED', 'Дом сдан', FLAG.STAGE_PUT, 'Дом сдан', 'Дом строится'),
  {
    code: 'CLOSE_TO_CENTRE',
    title: 'Близко к центру',
    satisfaction: (c, row) => falling(c.centreKm[row]!, 4, 18),
    explain: (c, row) => `${formatMeasure(c.centreKm[row]!, 'км')} до центра`,
  },
  {
    code: 'PRICE_BELOW_MARKET',
    title: 'Цена ниже рынка',
    satisfaction: (c, row) => falling(c.fairRatio[row]!, 0.95, 1.05),
    explain: (c, row) => fairPriceText(c.fairRatio[row]!),
  },
];

export const WISH_BY_CODE = new Map(WISHES.map((w) => [w.code, w]));
