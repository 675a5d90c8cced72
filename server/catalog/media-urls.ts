import { RAW_PATHS } from '@kvarta/contract';
import type { ImageSet } from '@kvarta/contract/catalog';
import type { Apartment } from '../core/model';

const set = (path: string, query = ''): ImageSet => {
  const join = query ? `${query}&` : '';
  return { x1: `${path}?${join}scale=1`, x2: `${path}?${join}scale=2`, x3: `${path}?${join}scale=3` };
};

export const complexImage = (complexId: number, n: number): ImageSet => set(`/api/media/complex/${complexId}/${n}.svg`);
/**
 * The plan is drawn from the apartment's own numbers, all in the URL: the picture is a pure function of it, so it is
 * cached as immutable; `v` changes when the drawing does. The client adds `theme=dark` on a dark page.
 */
export const LAYOUT_DRAWING_VERSION = 2;
export const layoutImage = (a: Pick<Apartment, 'id' | 'layoutCode' | 'areaTotal' | 'areaKitchen' | 'areaResidential'>): ImageSet =>
  set(
    `/api/media/layout/${a.layoutCode}.svg`,
    `area=${a.areaTotal}&kitchen=${a.areaKitchen}&living=${a.areaResidential}&id=${a.id}&v=${LAYOUT_DRAWING_VERSION}`,
  );

/** A feed photo, resized to 1x/2x/3x WebP and named by its content hash (server/feeds/images.ts). */
export const photoImage = (key: string): ImageSet => ({
  x1: photoUrl(key, '1.webp'),
  x2: photoUrl(key, '2.webp'),
  x3: photoUrl(key, '3.webp'),
});

export const photoUrl = (key: string, file: '1.webp' | '2.webp' | '3.webp' | 'bot.jpg'): string =>
  `/api${RAW_PATHS.PHOTO.replace('{key}', key).replace('{file}', file)}`;
