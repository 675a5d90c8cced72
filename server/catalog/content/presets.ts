/**
 * City presets for TOP (FREE_TOP) and the AI agent (AI_AGENT), spec §3 "Preset".
 * Price windows follow the city's price level so a preset finds listings in every city.
 */
export type PresetType = 'FREE_TOP' | 'AI_AGENT';

export interface PresetFilters {
  cityIds: number[];
  areaIds: number[];
  metroIds: number[];
  priceTotalMinGte: number;
  priceTotalMinLte: number;
  /** Half-width of the TOP price window around the user's price, in percent (spec §5). */
  priceTotalMinGap: number;
  roomsCntForFilter: number[];
  realtyType: 'ALL' | 'NEW' | 'RESALE';
  isApartHotel: boolean | null;
  renovationType: 'FULLY_RENOVATED' | 'UNRENOVATED' | null;
  areaTotalGte: number | null;
  areaKitchenGte: number | null;
  areaResidentialGte: number | null;
  avgAreaRoomsGte: number | null;
  areaForFilter: number | null;
  deadlineGte: number;
  deadlineLte: number;
  stageIsPut: boolean;
}

export interface Preset {
  template: {
    id: number;
    priority: number;
    code: string;
    title: string;
    description: string;
    image: string;
    /** The template's wishes: wish code → importance. */
    params: Record<string, 'DESIRABLE' | 'IMPORTANT' | 'VERY_IMPORTANT'>;
  };
  filters: PresetFilters;
  cityKladr: number;
}

interface PresetSeed {
  code: string;
  title: string;
  description: string;
  rooms: number[];
  /** Price window as multiples of a typical 45 m² new-build apartment in the city. */
  price: [number, number];
  realtyType: PresetFilters['realtyType'];
  params: Preset['template']['params'];
  metroOnly?: boolean;
  stageIsPut?: boolean;
}

const SEEDS: readonly PresetSeed[] = [
  {
    code: 'first-home',
    title: 'Первая квартира',
    description: 'Студии и однокомнатные по доступной цене',
    rooms: [0, 1],
    price: [0.45, 1.0],
    realtyType: 'ALL',
    params: { METRO_NEARBY: 'IMPORTANT', PRICE_BELOW_MARKET: 'DESIRABLE' },
  },
  {
    code: 'family',
    title: 'Для семьи',
    description: 'Две-три комнаты, школа и детский сад рядом',
    rooms: [2, 3],
    price: [1.0, 2.4],
    realtyType: 'ALL',
    params: { SCHOOL: 'VERY_IMPORTANT', KINDERGARTEN: 'IMPORTANT', CLOSED_YARD: 'DESIRABLE' },
  },
  {
    code: 'near-metro',
    title: 'У метро',
    description: 'До станции не больше 10 минут пешком',
    rooms: [1, 2],
    price: [0.7, 1.8],
    realtyType: 'ALL',
    params: { METRO_NEARBY: 'VERY_IMPORTANT' },
    metroOnly: true,
  },
  {
    code: 'ready-to-move',
    title: 'Готовые квартиры',
    description: 'Дом сдан, отделка есть — можно въезжать',
    rooms: [1, 2, 3],
    price: [0.7, 2.0],
    realtyType: 'ALL',
    params: { FINISHED: 'VERY_IMPORTANT', HOUSE_COMPLETED: 'IMPORTANT' },
    stageIsPut: true,
  },
  {
    code: 'investment',
    title: 'Для инвестиций',
    description: 'Новостройки с ценой ниже рынка',
    rooms: [0, 1],
    price: [0.45, 1.2],
    realtyType: 'NEW',
    params: { PRICE_BELOW_MARKET: 'VERY_IMPORTANT', METRO_NEARBY: 'DESIRABLE' },
  },
  {
    code: 'premium',
    title: 'Бизнес и премиум',
    description: 'Просторные квартиры ближе к центру',
    rooms: [2, 3, 4],
    price: [2.2, 6.0],
    realtyType: 'ALL',
    params: { CLOSE_TO_CENTRE: 'VERY_IMPORTANT', PARKING: 'IMPORTANT', BIG_KITCHEN: 'DESIRABLE' },
  },
];

/** The wishes a buyer who has said nothing yet starts from: the first preset's, the one a first visit's TOP shows. */
export const FIRST_PRESET_WISHES: Preset['template']['params'] = SEEDS[0]!.params;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

export function buildPresets(city: { kladr: number; hasMetro: boolean }, newPricePerM2: number, type: PresetType): Preset[] {
  const typical = newPricePerM2 * 45;
  const seeds = SEEDS.filter((s) => city.hasMetro || !s.metroOnly);
  return seeds.map((seed, index) => ({
    template: {
      id: city.kladr * 100 + (type === 'AI_AGENT' ? 50 : 0) + index + 1,
      priority: (index + 1) * 10,
      code: seed.code,
      title: seed.title,
      description: seed.description,
      image: `/api/media/preset/${seed.code}.svg`,
      params: seed.params,
    },
    filters: {
      cityIds: [city.kladr],
      areaIds: [],
      metroIds: [],
      priceTotalMinGte: Math.max(2_000_000, roundTo(typical * seed.price[0], 100_000)),
      priceTotalMinLte: Math.min(200_000_000, roundTo(typical * seed.price[1], 100_000)),
      priceTotalMinGap: 20,
      roomsCntForFilter: seed.rooms,
      realtyType: seed.realtyType,
      isApartHotel: null,
      renovationType: null,
      areaTotalGte: null,
      areaKitchenGte: null,
      areaResidentialGte: null,
      avgAreaRoomsGte: null,
      areaForFilter: null,
      deadlineGte: 0,
      deadlineLte: 0,
      stageIsPut: seed.stageIsPut ?? false,
    },
    cityKladr: city.kladr,
  }));
}
