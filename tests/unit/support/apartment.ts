import type { ApartmentItem } from '@/shared/api';

const image = { x1: '/img/1.webp', x2: '/img/2.webp', x3: '/img/3.webp' };

/** A TOP card as the server sends it: no reaction yet, two reasons a dislike may give. */
export function apartmentItemFixture(overrides: Partial<ApartmentItem> = {}): ApartmentItem {
  return {
    id: 101,
    cityId: 7800000000000,
    roomsCnt: 2,
    areaTotal: 54.2,
    areaKitchen: 10.5,
    floor: 5,
    floors: 12,
    priceTotalMin: 12_500_000,
    pricePerMeter: 230_627,
    isApartHotel: false,
    isNew: true,
    realtyType: 'NEW',
    active: true,
    isReserved: false,
    isSold: false,
    deadline: 202604,
    stageIsPut: true,
    renovation: 'UNRENOVATED',
    latitude: 59.93,
    longitude: 30.31,
    address: 'Санкт-Петербург, ул. Победы, 1',
    complex: { id: 11, name: 'Дом на ул. Победы', cityId: 7800000000000, complexClass: 'Комфорт' },
    layout: image,
    images: [image],
    metro: [],
    tagList: ['Новостройка'],
    publishedAt: '2026-11-01T10:00:00.000Z',
    type: 'NOT_VIEWED',
    selectionType: 'LEXS',
    relevancePercent: 81,
    isAlternative: false,
    algorithmType: null,
    hasAlternativeFloor: false,
    suggestionDate: null,
    suggestionType: null,
    availableNoticeList: {
      Квартира: [{ key: 'PRICE', title: 'Цена', priority: 1 }],
      Расположение: [{ key: 'METRO', title: 'Далеко от метро', priority: 2 }],
    },
    notices: [],
    wishesTexts: [],
    fairPrice: { fairPrice: 12_000_000, deltaPercent: 4, verdict: 'Цена в рынке' },
    ...overrides,
  };
}
