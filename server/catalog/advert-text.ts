import { formatNumber, plural } from '@kvarta/contract/format';
import type { Apartment, Complex, HouseType } from '../core/model';
import { formatDeadline } from './deadline';
import type { CatalogueMemory } from './memory';

/** The class as it is written inside a sentence: «комфорт-класса». */
const CLASS_PHRASE: Record<Complex['complexClass'], string> = {
  ECONOMY: 'эконом-класса',
  COMFORT: 'комфорт-класса',
  BUSINESS: 'бизнес-класса',
  PREMIUM: 'премиум-класса',
};
const HOUSE_PHRASE: Record<HouseType, string> = {
  MONOLITH: 'Монолитный дом',
  MONOLITH_BRICK: 'Монолитно-кирпичный дом',
  BRICK: 'Кирпичный дом',
  PANEL: 'Панельный дом',
  BLOCK: 'Блочный дом',
};
/** What is within a short walk, named as a buyer would list it. */
const INFRA_PHRASE: Record<keyof Complex['infraDistanceM'], string> = {
  SCHOOL: 'школа',
  KINDERGARTEN: 'детский сад',
  PARK: 'парк',
  SHOP: 'магазины',
  CLINIC: 'поликлиника',
};
const WALK_M = 700;
const METRO_WALK_MINUTES = 20;

/** «Продаётся 2-комнатная квартира 54 м²», «Продаются апартаменты 30 м²»: the verb agrees with what is sold. */
function offered(a: Apartment): string {
  const area = formatNumber(a.areaTotal, 'square');
  if (a.isApartHotel) return `Продаются апартаменты ${area}`;
  return `Продаётся ${a.roomsCnt === 0 ? 'квартира-студия' : `${a.roomsCnt}-комнатная квартира`} ${area}`;
}

/**
 * «в ЖК «Северный»», «в доме на ул. Победы», «в доме у м. Лесопарковая», «в доме, Гатчинский район»: our complexes and
 * houses are named these ways, a feed's may be a bare name.
 */
function inComplex(name: string): string {
  if (/^(жк|жилой комплекс)\s/i.test(name)) return `в ${name}`;
  if (/^дом(\s+(на|у)\s|,\s)/i.test(name)) return `в доме${name.slice(3)}`;
  return `в ЖК «${name}»`;
}

/**
 * A listing's description, written from its facts the way an agency writes one: what it is and where, the house,
 * the way to the metro and what is nearby. A generated listing has no text of its own, and the advert modal shows one.
 */
export function advertText(memory: CatalogueMemory, a: Apartment): string {
  const complex = memory.complexes.get(a.complexId);
  const area = complex ? memory.areas.get(complex.areaId)?.name : undefined;
  const sentences: string[] = [];
  const where = complex ? ` ${inComplex(complex.name)}${area ? ` (${area})` : ''}` : '';
  const floor = a.floor > 0 && a.floors > 0 ? `, ${a.floor} этаж из ${a.floors}` : '';
  sentences.push(`${offered(a)}${floor}${where}.`);

  const rooms: string[] = [];
  if (a.areaKitchen > 0) rooms.push(`кухня ${formatNumber(a.areaKitchen, 'square')}`);
  if (a.areaResidential > 0 && a.roomsCnt > 0) rooms.push(`жилая площадь ${formatNumber(a.areaResidential, 'square')}`);
  if (complex?.ceilingHeight) rooms.push(`потолки ${formatNumber(complex.ceilingHeight)} м`);
  // Only what the source states: an unknown finishing is not written either way.
  if (a.renovation) rooms.push(a.renovation === 'FULLY_RENOVATED' ? 'с отделкой — можно въезжать' : 'без отделки, под ваш ремонт');
  if (rooms.length > 0) sentences.push(`${rooms.join(', ').replace(/^./, (c) => c.toUpperCase())}.`);

  if (complex) {
    const stage = a.realtyType === 'NEW' ? (a.stageIsPut ? ', дом сдан' : `, сдача ${formatDeadline(a.deadline)}`) : '';
    const yard = [complex.closedYard ? 'закрытый двор' : null, complex.parking ? 'паркинг' : null].filter(Boolean);
    sentences.push(
      `${complex.houseType ? HOUSE_PHRASE[complex.houseType] : 'Дом'} ${CLASS_PHRASE[complex.complexClass]}${stage}${yard.length > 0 ? `; ${yard.join(' и ')}` : ''}.`,
    );
    const metro = complex.metro[0];
    const station = metro ? memory.stations.get(metro.stationId) : undefined;
    if (metro && station && metro.minutes <= METRO_WALK_MINUTES)
      sentences.push(`До метро «${station.name}» ${metro.minutes} ${plural(metro.minutes, ['минута', 'минуты', 'минут'])} пешком.`);
    const near = (Object.keys(INFRA_PHRASE) as Array<keyof typeof INFRA_PHRASE>)
      .filter((k) => complex.infraDistanceM[k] <= WALK_M)
      .map((k) => INFRA_PHRASE[k]);
    if (near.length > 0) sentences.push(`Рядом ${near.join(', ')}.`);
  }
  sentences.push(`Цена ${formatNumber(a.priceTotal, 'rub')} (${formatNumber(a.pricePerMeter, 'rubSquare')}).`);
  return sentences.join(' ');
}
