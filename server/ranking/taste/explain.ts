import type { CityColumns } from '../city-columns';
import type { WishText } from '../explain';
import { metroWalkText } from '../metro-walk';
import { DIMENSIONS, DIMENSION_COUNT, writeTasteValues, type Dimension } from './dimensions';
import type { Direction } from './hypotheses';
import { SLOTS, constraintOf, position, type Taste } from './model';

/** Say what was learned only once the model is fairly sure, and from a few ratings at least. */
const MIN_CERTAINTY = 0.7;
const MIN_RATINGS = 3;
const MAX_TEXTS = 3;

const decimal = (x: number, digits = 1) => x.toFixed(digits).replace('.', ',').replace(/,0+$/, '');
const millions = (roubles: number) => `${decimal(roubles / 1_000_000)} млн ₽`;
const ROMAN = ['I', 'II', 'III', 'IV'];
/** Quarter index (taste/dimensions.ts) → 'II кв. 2027'. */
const quarterText = (index: number) => {
  const year = Math.floor((index - 1) / 4);
  return `${ROMAN[index - year * 4 - 1]} кв. ${year}`;
};

type InfraDimension = 'school' | 'kindergarten' | 'park' | 'shop' | 'clinic';
const NEAR: Record<InfraDimension, string> = {
  school: 'рядом со школой',
  kindergarten: 'рядом с детским садом',
  park: 'рядом с парком',
  shop: 'рядом с магазинами',
  clinic: 'рядом с поликлиникой',
};
const NOUN: Record<InfraDimension, string> = {
  school: 'Школа',
  kindergarten: 'Детский сад',
  park: 'Парк',
  shop: 'Магазин',
  clinic: 'Поликлиника',
};

/** The learned limit's boundaries in the city's units: the accepted bins' outer edges. */
interface Limit {
  direction: Direction;
  /** Lowest accepted value (lower bound), or undefined when open. */
  from?: number;
  /** Value the accepted range stays below (upper bound). */
  below?: number;
  fromBin: number;
}

/** What the user keeps choosing, in their words ("вы чаще отмечаете…"), or null when there is nothing to say. */
function statement(name: Dimension, limit: Limit): string | null {
  const { direction, from, below } = limit;
  const sentence = (what: string) => `Вы чаще отмечаете квартиры ${what}`;
  switch (name) {
    case 'price':
      return direction === 'upper' && below
        ? sentence(`дешевле ${millions(below)}`)
        : direction === 'lower' && from
          ? sentence(`дороже ${millions(from)}`)
          : null;
    case 'area':
      if (direction === 'lower' && from) return sentence(`площадью от ${Math.round(from)} м²`);
      if (direction === 'upper' && below) return sentence(`площадью до ${Math.round(below)} м²`);
      return from && below ? sentence(`площадью ${Math.round(from)}–${Math.round(below)} м²`) : null;
    case 'kitchen':
      if (direction === 'lower' && from) return sentence(`с большой кухней — от ${decimal(from)} м²`);
      return direction === 'upper' && below ? sentence(`с кухней до ${decimal(below)} м²`) : null;
    case 'floor':
      if (direction === 'lower' && limit.fromBin === 1) return sentence('не на первом этаже');
      if (direction === 'lower' && from) return sentence(`от ${from} этажа`);
      if (direction === 'upper' && below) return sentence(`не выше ${below - 1} этажа`);
      return null;
    case 'floorShare':
      return direction === 'lower'
        ? sentence('на верхних этажах дома')
        : direction === 'upper'
          ? sentence('на нижних этажах дома')
          : sentence('не на первом и не на последнем этаже');
    case 'metro':
      return direction === 'upper' && below ? sentence(`не дальше ${Math.round(below)} минут пешком от метро`) : null;
    case 'centre':
      return direction === 'upper' && below
        ? sentence(`ближе ${decimal(below)} км к центру`)
        : direction === 'lower'
          ? sentence('подальше от центра')
          : null;
    case 'finishing':
      return direction === 'lower' ? sentence('с отделкой') : direction === 'upper' ? sentence('без отделки') : null;
    case 'deadline':
      if (direction !== 'upper') return null;
      return limit.below === undefined || limit.below <= 1
        ? sentence('в сданных домах')
        : sentence(`со сдачей до ${quarterText(limit.below)}`);
    case 'school':
    case 'kindergarten':
    case 'park':
    case 'shop':
    case 'clinic':
      return direction === 'upper' && below ? sentence(`${NEAR[name]} — не дальше ${Math.round(below / 10) * 10} м`) : null;
    case 'rooms':
      return null;
  }
}

/** This listing's own fact on a dimension, as the explanation's second line. */
function fact(name: Dimension, v: number): string {
  switch (name) {
    case 'price':
      return millions(v);
    case 'area':
      return `${decimal(v)} м²`;
    case 'kitchen':
      return Number.isNaN(v) ? 'Площадь кухни не указана' : `Кухня ${decimal(v)} м²`;
    case 'floor':
      return `${v} этаж`;
    case 'floorShare':
      return v <= 0 ? 'Первый этаж' : v >= 1 ? 'Последний этаж' : v >= 0.5 ? 'Верхняя половина дома' : 'Нижняя половина дома';
    case 'metro':
      return metroWalkText(v);
    case 'centre':
      return `${decimal(v)} км до центра`;
    case 'finishing':
      return Number.isNaN(v) ? 'Об отделке нет данных' : v ? 'С отделкой' : 'Без отделки';
    case 'deadline':
      return v === 0 ? 'Дом сдан' : `Сдача ${quarterText(v)}`;
    case 'school':
    case 'kindergarten':
    case 'park':
    case 'shop':
    case 'clinic':
      return v >= 5000 ? `${NOUN[name]} далеко` : `${NOUN[name]} в ${Math.round(v / 10) * 10} м`;
    case 'rooms':
      return v === 0 ? 'Студия' : `${v} комн.`;
  }
}

/** What the buyer now leans to on a fact, after «Теперь вы чаще выбираете квартиры …». */
const NOW_CHOOSING: Record<Dimension, { higher: string; lower: string }> = {
  price: { higher: 'подороже', lower: 'подешевле' },
  area: { higher: 'побольше', lower: 'поменьше' },
  kitchen: { higher: 'с кухней побольше', lower: 'с кухней поменьше' },
  floor: { higher: 'на этажах повыше', lower: 'на этажах пониже' },
  floorShare: { higher: 'в верхней части дома', lower: 'в нижней части дома' },
  metro: { higher: 'подальше от метро', lower: 'ближе к метро' },
  centre: { higher: 'подальше от центра', lower: 'ближе к центру' },
  finishing: { higher: 'с отделкой', lower: 'без отделки' },
  deadline: { higher: 'с поздней сдачей', lower: 'в сданных домах или со скорой сдачей' },
  rooms: { higher: 'с большим числом комнат', lower: 'с меньшим числом комнат' },
  school: { higher: 'подальше от школы', lower: 'ближе к школе' },
  kindergarten: { higher: 'подальше от детского сада', lower: 'ближе к детскому саду' },
  park: { higher: 'подальше от парка', lower: 'ближе к парку' },
  shop: { higher: 'подальше от магазинов', lower: 'ближе к магазинам' },
  clinic: { higher: 'подальше от поликлиники', lower: 'ближе к поликлинике' },
};

/** The change of mind the newest ratings showed, with how well this listing fits the new lean. */
function changeText(c: CityColumns, row: number, taste: Taste, values: Float64Array): WishText | null {
  if (!taste.change) return null;
  const d = taste.change.dimension;
  const name = DIMENSIONS[d]!;
  const bins = c.tasteEdges[d]!.length + 1;
  const bin = c.tasteBins[row * DIMENSION_COUNT + d]!;
  // Where the listing stands on the fact, 0 at the end the buyer now avoids … 100 at the end they now choose.
  const place = bin >= bins ? 0.5 : (position(bin, bins) + 1) / 2;
  return {
    code: 'LEARNED_CHANGE',
    title: `Теперь вы чаще выбираете квартиры ${NOW_CHOOSING[name][taste.change.towards]}`,
    percent: Math.round(100 * (taste.change.towards === 'higher' ? place : 1 - place)),
    text: fact(name, values[d]!),
  };
}

/**
 * What the taste model learned, as `wishesTexts` entries: per dimension it is sure about, the user's habit, how well
 * this listing fits it (100 % = as well as anything in the city) and this listing's fact.
 */
export function learnedTexts(c: CityColumns, row: number, taste: Taste): WishText[] {
  if (taste.ratings < MIN_RATINGS) return [];
  const values = writeTasteValues(c, row, new Float64Array(DIMENSION_COUNT));
  const texts: Array<WishText & { certainty: number }> = [];
  DIMENSIONS.forEach((name, d) => {
    const posterior = taste.posteriors[d]!;
    const { direction, certainty } = constraintOf(posterior);
    if (certainty < MIN_CERTAINTY) return;
    const accept = Array.from({ length: posterior.bins }, (_, bin) => taste.accept[d * SLOTS + bin]!);
    const best = Math.max(...accept);
    const accepted = accept.map((a) => a >= best / 2);
    const fromBin = accepted.indexOf(true);
    const toBin = accepted.lastIndexOf(true);
    const edges = c.tasteEdges[d]!;
    const title = statement(name, {
      direction,
      fromBin,
      from: fromBin > 0 ? edges[fromBin - 1] : undefined,
      below: toBin < edges.length ? edges[toBin] : undefined,
    });
    if (!title) return;
    const bin = c.tasteBins[row * DIMENSION_COUNT + d]!;
    texts.push({
      code: `LEARNED_${name.toUpperCase()}`,
      title,
      percent: Math.round((100 * taste.accept[d * SLOTS + bin]!) / best),
      text: fact(name, values[d]!),
      certainty,
    });
  });
  // A change of mind comes first: it is what the buyer will not expect the model to have seen.
  const changed = changeText(c, row, taste, values);
  return [
    ...(changed ? [changed] : []),
    ...texts
      .sort((a, b) => b.certainty - a.certainty)
      .slice(0, MAX_TEXTS - (changed ? 1 : 0))
      .map(({ certainty: _certainty, ...text }) => text),
  ];
}
