import type { ImageSet } from '@kvarta/contract/catalog';

const set = (path: string, query = ''): ImageSet => {
  const join = query ? `${query}&` : '';
  return { x1: `${path}?${join}scale=1`, x2: `${path}?${join}scale=2`, x3: `${path}?${join}scale=3` };
};

export const complexImage = (complexId: number, n: number): ImageSet => set(`/api/media/complex/${complexId}/${n}.svg`);
export const layoutImage = (layoutCode: string, areaTotal: number): ImageSet =>
  set(`/api/media/layout/${layoutCode}.svg`, `area=${areaTotal}`);
