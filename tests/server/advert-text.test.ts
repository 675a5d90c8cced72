import { describe, expect, it } from 'vitest';
import { advertText } from '../../server/catalog/advert-text';
import type { Apartment, Complex } from '../../server/core/model';
import { CatalogueMemory } from '../../server/catalog/memory';

const FAR = { SCHOOL: 5_000, KINDERGARTEN: 5_000, PARK: 5_000, SHOP: 5_000, CLINIC: 5_000 };
const complex: Complex = {
  id: 1,
  cityId: 78,
  areaId: 10,
  developerId: null,
  name: 'ЖК «Северная Гавань»',
  realtyType: 'NEW',
  complexClass: 'COMFORT',
  houseType: 'MONOLITH_BRICK',
  floorsMax: 17,
  ceilingHeight: 2.8,
  parking: true,
  closedYard: true,
  lat: 59.9,
  lng: 30.3,
  centreDistanceM: 4_000,
  metro: [{ stationId: 5, distanceM: 600, minutes: 8 }],
  infraDistanceM: { ...FAR, SCHOOL: 300, PARK: 650 },
  imageCount: 3,
};
const apartment: Apartment = {
  id: 7,
  houseId: 1,
  complexId: 1,
  cityId: 78,
  areaId: 10,
  roomsCnt: 2,
  areaTotal: 54.3,
  areaKitchen: 11,
  areaResidential: 30.5,
  floor: 7,
  floors: 17,
  layoutCode: '2a',
  priceTotal: 12_010_000,
  pricePerMeter: 221_179,
  realtyType: 'NEW',
  isApartHotel: false,
  renovation: 'FULLY_RENOVATED',
  deadline: 20274,
  stageIsPut: false,
  status: 'ACTIVE',
  publishedAt: Date.parse('2026-11-01T00:00:00Z'),
};

function memoryWith(c: Partial<Complex> = {}): CatalogueMemory {
  const memory = new CatalogueMemory();
  memory.complexes.set(1, { ...complex, ...c });
  memory.areas.set(10, { id: 10, name: 'Приморский', cityId: 78 });
  memory.stations.set(5, { id: 5, name: 'Пионерская', color: '#0078c9', cityId: 78, lat: 59.9, lng: 30.3 });
  return memory;
}
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('advertText: a description written from the listing’s facts', () => {
  it('a new flat: what, where, the house, the metro, what is near, the price', () => {
    expect(nbsp(advertText(memoryWith(), apartment))).toBe(
      'Продаётся 2-комнатная квартира 54,3 м², 7 этаж из 17 в ЖК «Северная Гавань» (Приморский). ' +
        'Кухня 11 м², жилая площадь 30,5 м², потолки 2,8 м, с отделкой — можно въезжать. ' +
        'Монолитно-кирпичный дом комфорт-класса, сдача IV кв. 2027; закрытый двор и паркинг. ' +
        'До метро «Пионерская» 8 минут пешком. Рядом школа, парк. Цена 12 010 000 ₽ (221 179 ₽/м²).',
    );
  });

  it('a resale studio in a house named by its street, far from the metro and with nothing near', () => {
    const text = advertText(
      memoryWith({
        name: 'Дом на ул. Победы',
        parking: false,
        closedYard: false,
        infraDistanceM: FAR,
        metro: [{ stationId: 5, distanceM: 3_000, minutes: 38 }],
      }),
      {
        ...apartment,
        roomsCnt: 0,
        areaResidential: 0,
        realtyType: 'RESALE',
        renovation: 'UNRENOVATED',
      },
    );
    expect(nbsp(text)).toMatch(
      /^Продаётся квартира-студия 54,3 м², 7 этаж из 17 в доме на ул\. Победы \(Приморский\)\. Кухня 11 м², потолки 2,8 м, без отделки, под ваш ремонт\. Монолитно-кирпичный дом комфорт-класса\. Цена /,
    );
    expect(text).not.toContain('метро');
    expect(text).not.toContain('Рядом');
  });

  it('apartments agree with their verb; a feed’s bare building name becomes a ЖК; an unknown ceiling is left out', () => {
    const text = advertText(memoryWith({ name: 'Айвазовский', ceilingHeight: 0 }), { ...apartment, isApartHotel: true });
    expect(nbsp(text)).toMatch(/^Продаются апартаменты 54,3 м², 7 этаж из 17 в ЖК «Айвазовский» \(Приморский\)\./);
    expect(text).not.toContain('потолки');
  });
});
