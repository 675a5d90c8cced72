import { describe, expect, it } from 'vitest';
import { themedImage, themedUrl } from '@/shared/lib';

describe('dark variants of our pictures', () => {
  it('adds theme=dark to our SVG drawings, with or without a query, and leaves photos alone', () => {
    expect(themedUrl('/api/media/complex/5/1.svg?scale=2', true)).toBe('/api/media/complex/5/1.svg?theme=dark&scale=2');
    expect(themedUrl('/api/media/preset/family.svg', true)).toBe('/api/media/preset/family.svg?theme=dark');
    expect(themedUrl('/api/media/photo/ab12/2.webp', true)).toBe('/api/media/photo/ab12/2.webp');
  });

  it('themes every density of a set only on a dark page', () => {
    const set = { x1: '/api/media/service/sell.svg', x2: '/api/media/service/sell.svg?scale=2', x3: '/api/media/service/sell.svg?scale=3' };
    expect(themedImage(set, false)).toEqual(set);
    expect(themedUrl(set.x2, false)).toBe(set.x2);
    expect(themedImage(set, true)).toEqual({
      x1: '/api/media/service/sell.svg?theme=dark',
      x2: '/api/media/service/sell.svg?theme=dark&scale=2',
      x3: '/api/media/service/sell.svg?theme=dark&scale=3',
    });
  });
});
