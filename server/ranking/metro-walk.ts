import { NO_METRO_MINUTES } from './constants';

/** A walk to the metro this long or longer is no walk: the facts cap it here and the texts call it far. */
export const FAR_FROM_METRO_MINUTES = 90;

/** The walk to the nearest metro as every explanation says it: the same words for one flat wherever it is shown. */
export function metroWalkText(minutes: number): string {
  if (minutes === NO_METRO_MINUTES) return 'Метро в городе нет';
  return minutes >= FAR_FROM_METRO_MINUTES ? 'Метро далеко' : `Метро в ${minutes} мин пешком`;
}
