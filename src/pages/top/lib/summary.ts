import { millions } from '@/shared/lib';

const ROOM_LABELS = ['Студия', '1-к', '2-к', '3-к', '4+'];

/**
 * Spec §9 "Location summary": no metro and no district 'Все районы и метро'; one station
 * 'Метро {name}', several 'Метро - {count}'; one district '{name} район', several 'Район - {count}';
 * a missing half reads 'Все метро' / 'все районы'.
 */
export function locationSummary(metroNames: string[], areaNames: string[]): string {
  if (metroNames.length === 0 && areaNames.length === 0) return 'Все районы и метро';
  const metro = metroNames.length === 1 ? `Метро ${metroNames[0]}` : metroNames.length > 1 ? `Метро - ${metroNames.length}` : 'Все метро';
  const areas = areaNames.length === 1 ? `${areaNames[0]} район` : areaNames.length > 1 ? `Район - ${areaNames.length}` : 'все районы';
  return `${metro}, ${areas}`;
}

/** '{user title}, {rooms list}, ~ {price in millions} млн ₽. {location summary}' (spec §2 HOME). */
export function searchSummary(userTitle: string, rooms: number[], price: number, location: string): string {
  const roomList = rooms.length
    ? [...rooms]
        .sort((a, b) => a - b)
        .map((r) => ROOM_LABELS[Math.min(4, r)])
        .join(', ')
    : 'любые комнаты';
  return `${userTitle}, ${roomList}, ~ ${millions(price)}. ${location}`;
}
