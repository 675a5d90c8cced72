import { describe, expect, it } from 'vitest';
import { placeLabels, textWidth } from '@/shared/ui/map/labels';

const box = (left: number, top: number, width: number, height = 14) => ({ left, top, right: left + width, bottom: top + height });

describe('labels of the offline map', () => {
  it('keeps labels in their order of priority, leaving out any that would cover one already written', () => {
    const kept = placeLabels([box(0, 0, 100), box(50, 5, 100), box(120, 0, 40), box(0, 20, 100)]);
    expect([...kept]).toEqual([0, 2, 3]);
  });

  it('also keeps clear of what is already taken (the districts, for station names)', () => {
    const taken = [box(0, 0, 100)];
    expect([...placeLabels([box(10, 2, 20), box(200, 0, 20)], taken)]).toEqual([1]);
    expect(taken).toHaveLength(2);
  });

  it('estimates a width that grows with the text and the font', () => {
    expect(textWidth('Невский проспект', 11)).toBeGreaterThan(textWidth('Невский', 11));
    expect(textWidth('Невский', 12)).toBeGreaterThan(textWidth('Невский', 11));
  });
});
