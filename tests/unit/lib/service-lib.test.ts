import { describe, expect, it } from 'vitest';
import { crossSellOf, findService, heroImageOf, heroKindOf, reviewerAvatar, srcSet } from '@/entities/service';
import type { Service } from '@/shared/api';

const service = (id: number, code: string, crossSellServiceIds: number[]): Service => ({
  id,
  code,
  title: code,
  shortDescription: '',
  price: '',
  crossSellServiceIds,
  content: { title: code, lead: '', steps: [], benefits: [] },
});
const all = [
  service(1, 'podbor-i-pokupka', [2, 4]),
  service(2, 'bezopasnaya-sdelka', [1, 9]),
  service(3, 'prodazha-kvartiry', [3, 1]),
  service(4, 'ipoteka', []),
];

describe('services: hero images, cross-sell', () => {
  it('picks the hero by slug: own for podbor-i-pokupka, the shield for bezopasnaya-sdelka, sell for any other', () => {
    expect(heroKindOf('podbor-i-pokupka')).toBe('podbor-i-pokupka');
    expect(heroKindOf('bezopasnaya-sdelka')).toBe('bezopasnaya-sdelka');
    expect(heroKindOf('ipoteka')).toBe('sell');
    expect(heroKindOf('prodazha-kvartiry')).toBe('sell');
  });

  it('serves every picture in 1x, 2x and 3x', () => {
    expect(heroImageOf('bezopasnaya-sdelka')).toEqual({
      x1: '/api/media/service/bezopasnaya-sdelka.svg',
      x2: '/api/media/service/bezopasnaya-sdelka.svg?scale=2',
      x3: '/api/media/service/bezopasnaya-sdelka.svg?scale=3',
    });
    expect(heroImageOf('anything').x1).toBe('/api/media/service/sell.svg');
    expect(srcSet(reviewerAvatar(3))).toBe(
      '/api/media/reviewer/3.svg 1x, /api/media/reviewer/3.svg?scale=2 2x, /api/media/reviewer/3.svg?scale=3 3x',
    );
  });

  it('cross-sell is the services listed in crossSellServiceIds, in that order, skipping unknown ids and itself', () => {
    expect(crossSellOf(all[0]!, all).map((s) => s.id)).toEqual([2, 4]);
    expect(crossSellOf(all[1]!, all).map((s) => s.id)).toEqual([1]);
    expect(crossSellOf(all[2]!, all).map((s) => s.id)).toEqual([1]);
    expect(crossSellOf(all[3]!, all)).toEqual([]);
  });

  it('finds a service by its slug', () => {
    expect(findService(all, 'ipoteka')?.id).toBe(4);
    expect(findService(all, 'nope')).toBeUndefined();
  });
});
