import type { ApartmentDetail, ApartmentItem, MetroRef } from '@kvarta/contract/catalog';
import type { ApartmentHistories } from '../catalog/repository/apartments';
import { complexImage, layoutImage, photoImage } from '../catalog/media-urls';
import { formatDeadline } from '../catalog/deadline';
import { fairPriceVerdict, marketIndex } from '../catalog/market';
import type { CatalogueMemory } from '../catalog/memory';
import type { Apartment } from '../core/model';
import type { Engine } from './engine';
import { FEED_ID_BASE } from '../catalog/schema';
import { availableNotices, type WishText } from './explain';

const MAX_WALK_MINUTES = 45;

function tags(a: Apartment): string[] {
  const out = [a.realtyType === 'NEW' ? 'Новостройка' : 'Вторичка'];
  if (a.realtyType === 'NEW') out.push(a.stageIsPut ? 'Дом сдан' : `Сдача ${formatDeadline(a.deadline)}`);
  if (a.renovation === 'FULLY_RENOVATED') out.push('С отделкой');
  if (a.isApartHotel) out.push('Апартаменты');
  return out;
}

/** A feed's photos where it has them (its plan photo as the layout), our drawings otherwise. */
export function pictures(memory: CatalogueMemory, a: Apartment, complexImages: number): Pick<ApartmentItem, 'layout' | 'images'> {
  const photos = memory.photos.get(a.id) ?? [];
  const plan = photos.find((p) => p.tag === 'plan');
  const shots = photos.filter((p) => p !== plan);
  return {
    layout: plan ? photoImage(plan.key) : layoutImage(a),
    images:
      shots.length > 0
        ? shots.map((p) => photoImage(p.key))
        : Array.from({ length: complexImages }, (_, n) => complexImage(a.complexId, n + 1)),
  };
}

export interface ItemContext {
  type?: ApartmentItem['type'];
  selectionType?: ApartmentItem['selectionType'];
  relevancePercent?: number | null;
  isAlternative?: boolean;
  wishesTexts?: WishText[];
  suggestionDate?: string | null;
  suggestionType?: string | null;
}

/** One apartment as the feed shows it (spec §3 "Apartment list item"). */
export function apartmentItem(memory: CatalogueMemory, engine: Engine, a: Apartment, ctx: ItemContext = {}): ApartmentItem {
  const complex = memory.complexes.get(a.complexId)!;
  const house = memory.houses.get(a.houseId)!;
  const columns = engine.columns(a.cityId);
  const row = columns?.rowOf.get(a.id);
  // Only stations within a walk are worth listing on a card; the nearest one 40 km away is not "metro".
  const metro: MetroRef[] = complex.metro
    .filter((m) => m.minutes <= MAX_WALK_MINUTES)
    .map((m) => {
      const station = memory.stations.get(m.stationId);
      return station ? { id: station.id, name: station.name, color: station.color, distanceM: m.distanceM, minutes: m.minutes } : null;
    })
    .filter((m): m is MetroRef => m !== null);
  const notices = columns && row !== undefined ? availableNotices(columns, row) : { Квартира: [], Расположение: [] };
  // The same market price the analytics show for the district and room group (server/catalog/market.ts).
  const price = fairPriceVerdict(a, marketIndex(memory, a.cityId).reference(a));
  return {
    id: a.id,
    cityId: a.cityId,
    roomsCnt: a.roomsCnt,
    areaTotal: a.areaTotal,
    areaKitchen: a.areaKitchen,
    floor: a.floor,
    floors: a.floors,
    priceTotalMin: a.priceTotal,
    pricePerMeter: a.pricePerMeter,
    isApartHotel: a.isApartHotel,
    isNew: a.realtyType === 'NEW',
    realtyType: a.realtyType,
    active: a.status === 'ACTIVE',
    isReserved: a.status === 'RESERVED',
    isSold: a.status === 'SOLD',
    deadline: a.deadline,
    stageIsPut: a.stageIsPut,
    renovation: a.renovation,
    latitude: house.lat,
    longitude: house.lng,
    address: house.address,
    complex: { id: complex.id, name: complex.name, cityId: complex.cityId, complexClass: complex.complexClass },
    ...pictures(memory, a, complex.imageCount),
    metro,
    tagList: tags(a),
    isDemo: a.id < FEED_ID_BASE,
    publishedAt: new Date(a.publishedAt).toISOString(),
    type: ctx.type ?? 'NOT_VIEWED',
    selectionType: ctx.selectionType ?? 'MAIN',
    relevancePercent: ctx.relevancePercent ?? null,
    isAlternative: ctx.isAlternative ?? false,
    algorithmType: ctx.relevancePercent !== undefined ? 'KVARTA_ENGINE' : null,
    hasAlternativeFloor: false,
    suggestionDate: ctx.suggestionDate ?? null,
    suggestionType: ctx.suggestionType ?? null,
    availableNoticeList: notices,
    notices: [],
    wishesTexts: ctx.wishesTexts ?? [],
    fairPrice: price,
  };
}

/** The APART page's data: the item plus house, complex card, price history and comparables. */
export function apartmentDetail(
  memory: CatalogueMemory,
  engine: Engine,
  a: Apartment,
  history: ApartmentHistories,
  ctx: ItemContext = {},
): ApartmentDetail {
  const item = apartmentItem(memory, engine, a, ctx);
  const complex = memory.complexes.get(a.complexId)!;
  const house = memory.houses.get(a.houseId)!;
  // The comparables behind the verdict: `medianPricePerMeter` keeps its contract name but carries the market price.
  const market = marketIndex(memory, a.cityId).reference(a);
  return {
    ...item,
    areaResidential: a.areaResidential,
    ceilingHeight: complex.ceilingHeight,
    house: { id: house.id, name: house.name, floors: house.floors, deadline: house.deadline, stageIsPut: house.stageIsPut },
    complexCard: {
      id: complex.id,
      name: complex.name,
      complexClass: complex.complexClass,
      houseType: complex.houseType,
      floorsMax: complex.floorsMax,
      parking: complex.parking,
      closedYard: complex.closedYard,
      developer: complex.developerId ? (memory.developers.get(complex.developerId)?.name ?? null) : null,
      areaId: complex.areaId,
      areaName: memory.areas.get(complex.areaId)?.name ?? '',
    },
    priceHistory: history.complex,
    offerPriceHistory: history.offer,
    comparables: { count: market.count, medianPricePerMeter: market.count > 0 ? market.pricePerMeter : a.pricePerMeter },
  };
}
