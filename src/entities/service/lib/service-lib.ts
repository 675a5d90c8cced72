import type { ImageSet, Service } from '@/shared/api';

export const srcSet = (image: ImageSet) => `${image.x1} 1x, ${image.x2} 2x, ${image.x3} 3x`;

export function findService(all: readonly Service[], slug: string): Service | undefined {
  return all.find((s) => s.code === slug);
}
