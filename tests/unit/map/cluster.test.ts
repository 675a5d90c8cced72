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

  const reach = { x: 90, y: 30 };

  it('merges pins that would overlap when zoomed out and parts them when zoomed in', () => {
    const far = clusterPoints(points, (p) => toWorld(p, 9), reach);
    expect(far.map((c) => c.points.length).sort()).toEqual([1, 1, 2]);
    const near = clusterPoints(points, (p) => toWorld(p, 18), reach);
    expect(near).toHaveLength(4);
    expect(near.flatMap((c) => c.points.map((p) => p.id)).sort()).toEqual([1, 2, 3, 4]);
  });

  it('reaches further across than up and down, as a price pin is wide', () => {
    const at = (p: MapPoint) => ({ x: p.longitude, y: p.latitude });
    const side = [point(1, 0, 0), point(2, 0, 80)];
    const above = [point(1, 0, 0), point(2, 40, 0)];
    expect(clusterPoints(side, at, reach)).toHaveLength(1);
    expect(clusterPoints(above, at, reach)).toHaveLength(2);
    // No reach: every point alone, even two at the same place.
    expect(clusterPoints([point(1, 0, 0), point(2, 0, 0)], at, { x: 0, y: 0 })).toHaveLength(2);
  });

  it('puts a cluster at the mean of its points', () => {
    const [pair] = clusterPoints(points.slice(0, 2), (p) => toWorld(p, 9), reach);
    const a = toWorld(points[0]!, 9);
    const b = toWorld(points[1]!, 9);
    expect(pair!.x).toBeCloseTo((a.x + b.x) / 2, 9);
    expect(pair!.y).toBeCloseTo((a.y + b.y) / 2, 9);
  });
});
