import type { Importance } from '../../core/model';

/** Who will live in the apartment: each portrait brings prior wishes (spec LIRA_CREATION step 1). */
export interface Portrait {
  id: number;
  code: string;
  title: string;
  description: string;
  /** Rooms that usually suit this buyer, used as a default in the guided setup. */
  rooms: number[];
  wishes: Array<{ code: string; importance: Importance }>;
}

export const PORTRAITS: readonly Portrait[] = [
  {
    id: 1,
    code: 'ALONE',
    title: 'Один',
    description: 'Компактная квартира рядом с метро и магазинами',
    rooms: [0, 1],
    wishes: [
      { code: 'METRO_NEARBY', importance: 'IMPORTANT' },
      { code: 'SHOPS', importance: 'DESIRABLE' },
    ],
  },
  {
    id: 2,
    code: 'COUPLE',
    title: 'Пара',
    description: 'Удобная квартира для двоих с просторной кухней',
    rooms: [1, 2],
    wishes: [
      { code: 'METRO_NEARBY', importance: 'IMPORTANT' },
      { code: 'BIG_KITCHEN', importance: 'DESIRABLE' },
      { code: 'PARK', importance: 'DESIRABLE' },
    ],
  },
  {
    id: 3,
    code: 'FAMILY',
    title: 'Семья с детьми',
    description: 'Школа и детский сад рядом, закрытый двор',
    rooms: [2, 3],
    wishes: [
      { code: 'SCHOOL', importance: 'VERY_IMPORTANT' },
      { code: 'KINDERGARTEN', importance: 'IMPORTANT' },
      { code: 'CLOSED_YARD', importance: 'IMPORTANT' },
      { code: 'PARK', importance: 'DESIRABLE' },
    ],
  },
  {
    id: 4,
    code: 'PARENTS',
    title: 'Родители',
    description: 'Невысокий этаж, поликлиника и магазины рядом',
    rooms: [1, 2],
    wishes: [
      { code: 'CLINIC', importance: 'VERY_IMPORTANT' },
      { code: 'SHOPS', importance: 'IMPORTANT' },
      { code: 'HOUSE_COMPLETED', importance: 'IMPORTANT' },
    ],
  },
  {
    id: 5,
    code: 'INVESTMENT',
    title: 'Для инвестиций',
    description: 'Ликвидная квартира по цене ниже рынка',
    rooms: [0, 1],
    wishes: [
      { code: 'PRICE_BELOW_MARKET', importance: 'VERY_IMPORTANT' },
      { code: 'METRO_NEARBY', importance: 'IMPORTANT' },
      { code: 'FINISHED', importance: 'DESIRABLE' },
    ],
  },
];
