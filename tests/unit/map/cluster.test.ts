import { describe, expect, it } from 'vitest';
import { clusterPoints } from '@/shared/ui/map/cluster';
import { toWorld } from '@/shared/ui/map/projection';
import type { MapPoint } from '@/shared/ui';

const point = (id: number, latitude: number, longitude: number): MapPoint => ({
  id,
  latitude,
  longitude,
  label: `${id} млн ₽`,
  tone: 'default',
});

describe('clustering of the offline map', () => {
  const points = [point(1, 59.9391, 30.3158), point(2, 59.9393, 30.316), point(3, 59.86, 30.45), point(4, 60.05, 30.2)];

  it('merges what falls into one cell when zoomed out and parts it when zoomed in', () => {
    const far = clusterPoints(points, (p) => toWorld(p, 9), 64);
    expect(far.map((c) => c.points.length).sort()).toEqual([1, 1, 2]);
    const near = clusterPoints(points, (p) => toWorld(p, 18), 64);
    expect(near).toHaveLength(4);
    expect(near.flatMap((c) => c.points.map((p) => p.id)).sort()).toEqual([1, 2, 3, 4]);
  });

  it('puts a cluster at the mean of its points', () => {
    const [pair] = clusterPoints(points.slice(0, 2), (p) => toWorld(p, 9), 64);
    const a = toWorld(points[0]!, 9);
    const b = toWorld(points[1]!, 9);
    expect(pair!.x).toBeCloseTo((a.x + b.x) / 2, 9);
    expect(pair!.y).toBeCloseTo((a.y + b.y) / 2, 9);
  });
});
