/** Wish groups the buyer can weigh (codes match server/ranking/wishes.ts). */
export interface WishGroup {
  id: number;
  code: string;
  title: string;
  description: string;
  /** Theme-dependent icon name from spec §9 where one fits. */
  icon: string;
}

export const WISH_GROUPS: readonly WishGroup[] = [
  { id: 1, code: 'METRO_NEARBY', title: 'Метро рядом', description: 'До станции не больше 10–15 минут пешком', icon: 'activity' },
  { id: 2, code: 'SCHOOL', title: 'Школа рядом', description: 'Школа в пределах 500 метров', icon: 'document' },
  { id: 3, code: 'KINDERGARTEN', title: 'Детский сад рядом', description: 'Детский сад в пешей доступности', icon: 'dream' },
  { id: 4, code: 'PARK', title: 'Парк рядом', description: 'Парк или сквер для прогулок неподалёку', icon: 'safety' },
  { id: 5, code: 'SHOPS', title: 'Магазины рядом', description: 'Продукты и магазины у дома', icon: 'wallet' },
  { id: 6, code: 'CLINIC', title: 'Поликлиника рядом', description: 'Поликлиника не дальше километра', icon: 'shield' },
  { id: 7, code: 'BIG_KITCHEN', title: 'Большая кухня', description: 'Кухня от 15 м²', icon: 'house-question' },
  { id: 8, code: 'NOT_FIRST_FLOOR', title: 'Не первый этаж', description: 'Исключить квартиры на первом этаже', icon: 'lock' },
  { id: 9, code: 'HIGH_FLOOR', title: 'Высокий этаж', description: 'Десятый этаж и выше, с видом', icon: 'activity' },
  { id: 10, code: 'PARKING', title: 'Парковка', description: 'Подземный или наземный паркинг в комплексе', icon: 'lock' },
  { id: 11, code: 'CLOSED_YARD', title: 'Закрытый двор', description: 'Двор без машин, только для жильцов', icon: 'safety' },
  { id: 12, code: 'FINISHED', title: 'С отделкой', description: 'Можно въехать сразу после сделки', icon: 'house-question' },
  { id: 13, code: 'HOUSE_COMPLETED', title: 'Дом сдан', description: 'Дом уже введён в эксплуатацию', icon: 'shield' },
  { id: 14, code: 'CLOSE_TO_CENTRE', title: 'Близко к центру', description: 'Недалеко от исторического центра города', icon: 'activity' },
  { id: 15, code: 'PRICE_BELOW_MARKET', title: 'Цена ниже рынка', description: 'Дешевле похожих квартир в том же районе', icon: 'wallet' },
];
