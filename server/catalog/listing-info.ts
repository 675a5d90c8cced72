import { formatMeasure } from '@kvarta/contract/format';
import type { HouseFact, ListingInfo } from '@kvarta/contract/catalog';
import type { Apartment, Complex, FeedDetails, FeedHouseFacts, House } from '../core/model';
import { formatDeadline } from './deadline';
import { HOUSE_TYPE_LABEL, demoHasLift, metresOrNull, yesNo } from './house-facts';
import { listingSeller } from './seller';
import type { CatalogueMemory } from './memory';
import { FEED_ID_BASE } from './schema';

/** What a feed keeps about one imported listing (feeds/adverts.ts reads it). */
export interface FeedListing {
  source: string;
  internalId: string;
  description: string | null;
  /** When this import last changed the listing. */
  changedAt: string;
  details: FeedDetails | null;
}

const BUILDING_STATE: Record<string, string> = {
  built: 'Дом построен, не сдан',
  'hand-over': 'Дом сдан',
  unfinished: 'Строится',
};

/** «Срок сдачи» for a house under construction: its quarter and year as the feed gives them. */
function readyText(f: FeedHouseFacts): string | null {
  if (f.builtYear === null) return null;
  return f.readyQuarter !== null ? formatDeadline(f.builtYear * 10 + f.readyQuarter) : String(f.builtYear);
}

/**
 * The house facts of an imported listing, each once, in one order; a fact the feed does not give is null
 * («нет данных»), never a default. Resale houses have no «Срок сдачи».
 */
export function feedHouseFacts(f: FeedHouseFacts, isNew: boolean): HouseFact[] {
  const state = f.buildingState ? (BUILDING_STATE[f.buildingState.toLowerCase()] ?? f.buildingState) : null;
  return [
    {
      key: 'builtYear',
      title: isNew ? 'Срок сдачи' : 'Год постройки',
      value: isNew ? readyText(f) : f.builtYear !== null ? String(f.builtYear) : null,
    },
    ...(isNew ? [{ key: 'buildingState', title: 'Стадия', value: state }] : []),
    { key: 'buildingType', title: 'Тип дома', value: f.buildingType },
    { key: 'buildingSeries', title: 'Серия', value: f.buildingSeries },
    { key: 'floorsTotal', title: 'Этажей в доме', value: f.floorsTotal !== null ? String(f.floorsTotal) : null },
    { key: 'lift', title: 'Лифт', value: yesNo(f.lift, 'Есть', 'Нет') },
    { key: 'ceilingHeight', title: 'Высота потолков', value: metresOrNull(f.ceilingHeight) },
    { key: 'parking', title: 'Парковка', value: yesNo(f.parking, 'Есть', 'Нет') },
    { key: 'renovation', title: 'Отделка', value: f.renovation ? f.renovation[0]!.toUpperCase() + f.renovation.slice(1) : null },
    { key: 'dealStatus', title: 'Тип сделки', value: f.dealStatus },
    { key: 'mortgage', title: 'Ипотека', value: yesNo(f.mortgage, 'Возможна', 'Нет') },
  ];
}

/**
 * The same facts of a generated listing, from the generator's own model: what it decides (type, floors, ceilings,
 * parking, finishing, the deadline; a lift in a new build and from 6 floors; a mortgage for every listing, which the page's calculator
 * prices) is shown, what it does not model (series, deal) is «нет данных».
 */
export function generatedHouseFacts(a: Apartment, complex: Complex, house: House): HouseFact[] {
  const isNew = a.realtyType === 'NEW';
  // An imported listing whose feed kept no details: the lift and mortgage rules are the demo's, not its source's.
  const demo = isGeneratedListing(a.id);
  return [
    {
      key: 'builtYear',
      title: isNew ? 'Срок сдачи' : 'Год постройки',
      value: isNew
        ? house.stageIsPut
          ? 'Дом сдан'
          : formatDeadline(house.deadline)
        : house.deadline > 0
          ? String(Math.floor(house.deadline / 10))
          : null,
    },
    { key: 'buildingType', title: 'Тип дома', value: complex.houseType ? HOUSE_TYPE_LABEL[complex.houseType] : null },
    { key: 'buildingSeries', title: 'Серия', value: null },
    { key: 'floorsTotal', title: 'Этажей в доме', value: String(house.floors) },
    { key: 'lift', title: 'Лифт', value: demo ? yesNo(demoHasLift(isNew, house.floors), 'Есть', 'Нет') : null },
    {
      key: 'ceilingHeight',
      title: 'Высота потолков',
      value: complex.ceilingHeight !== null ? formatMeasure(complex.ceilingHeight, 'м') : null,
    },
    { key: 'parking', title: 'Парковка', value: yesNo(complex.parking, 'Есть', 'Нет') },
    { key: 'renovation', title: 'Отделка', value: renovationText(a.renovation) },
    { key: 'dealStatus', title: 'Тип сделки', value: null },
    { key: 'mortgage', title: 'Ипотека', value: demo ? 'Возможна' : null },
  ];
}

/** The finishing as the pages write it; null where the source does not say. */
export const renovationText = (renovation: Apartment['renovation']): string | null =>
  renovation === null ? null : renovation === 'FULLY_RENOVATED' ? 'С отделкой' : 'Без отделки';

export const isGeneratedListing = (apartmentId: number) => apartmentId < FEED_ID_BASE;

/** The listing as an advert: the feed's number, dates, words and seller for an imported one, the demo's own otherwise. */
export function listingInfo(memory: CatalogueMemory, a: Apartment, feed: FeedListing | null): ListingInfo {
  const complex = memory.complexes.get(a.complexId)!;
  const house = memory.houses.get(a.houseId)!;
  const place = a.realtyType === 'NEW' ? 'COMPLEX' : 'HOUSE';
  if (feed) {
    const d = feed.details;
    return {
      number: feed.internalId,
      source: feed.source,
      isDemo: false,
      publishedAt: d?.createdAt ?? new Date(a.publishedAt).toISOString(),
      updatedAt: d?.updatedAt ?? feed.changedAt,
      description: feed.description,
      seller: listingSeller(memory, a, feed),
      houseFacts: d ? feedHouseFacts(d.facts, a.realtyType === 'NEW') : generatedHouseFacts(a, complex, house),
      place,
    };
  }
  return {
    number: `D-${a.id}`,
    source: null,
    isDemo: isGeneratedListing(a.id),
    publishedAt: new Date(a.publishedAt).toISOString(),
    updatedAt: null,
    description: null,
    seller: listingSeller(memory, a, null),
    houseFacts: generatedHouseFacts(a, complex, house),
    place,
  };
}

/** Step between two asking prices of a generated listing: rounded to 10 000 ₽, as agencies price. */
const roundPrice = (rub: number) => Math.round(rub / 10_000) * 10_000;

/**
 * A generated listing's own asking prices, oldest first: published at one price, then 0–3 changes (mostly cuts of
 * 1–5 %, now and then a rise of up to 3 %) ending at today's price. Drawn from the id, so it is the same on every
 * request and instance.
 */
export function generatedOfferHistory(a: Apartment, now: number): Array<{ date: string; priceTotal: number }> {
  let seed = (a.id * 2_654_435_761) >>> 0;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 4_294_967_296;
  };
  const span = Math.max(0, now - a.publishedAt);
  const changes = span < 7 * 86_400_000 ? 0 : Math.floor(next() * 4);
  const dates = [a.publishedAt];
  for (let i = 1; i <= changes; i++) dates.push(a.publishedAt + Math.round((span * (i - 0.3 + next() * 0.5)) / (changes + 0.5)));
  const prices = [a.priceTotal];
  for (let i = changes; i >= 1; i--) {
    const step = next() < 0.8 ? -(0.01 + next() * 0.04) : next() * 0.03;
    // Walking back in time: the price before a cut was higher.
    prices.unshift(roundPrice(prices[0]! / (1 + step)));
  }
  return dates.map((at, i) => ({ date: new Date(at).toISOString(), priceTotal: prices[i]! }));
}
