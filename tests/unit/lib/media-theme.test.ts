import { describe, expect, it } from 'vitest';
import { darkMediaUrl, themedImage } from '@/shared/lib';

describe('dark variants of our pictures', () => {
  it('adds theme=dark to our SVG drawings, with or without a query, and leaves photos alone', () => {
    expect(darkMediaUrl('/api/media/complex/5/1.svg?scale=2')).toBe('/api/media/complex/5/1.svg?theme=dark&scale=2');
    expect(darkMediaUrl('/api/media/preset/family.svg')).toBe('/api/media/preset/family.svg?theme=dark');
    expect(darkMediaUrl('/api/media/photo/ab12/2.webp')).toBe('/api/media/photo/ab12/2.webp');
  });

  it('themes every density of a set only on a dark page', () => {
    const set = { x1: '/api/media/service/sell.svg', x2: '/api/media/service/sell.svg?scale=2', x3: '/api/media/service/sell.svg?scale=3' };
    expect(themedImage(set, false)).toBe(set);
    expect(themedImage(set, true)).toEqual({
      x1: '/api/media/service/sell.svg?theme=dark',
      x2: '/api/media/service/sell.svg?theme=dark&scale=2',
      x3: '/api/media/service/sell.svg?theme=dark&scale=3',
    });
  });
});
