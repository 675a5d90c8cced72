import type { MapPoint } from './types';

export interface ScreenCluster {
  key: string;
  x: number;
  y: number;
  points: MapPoint[];
}

/**
 * Groups points whose pins would overlap: a point joins the first group whose first point is less than `reach` pixels
 * away on both axes (a price pin is wider than tall, so the reach is too), otherwise starts a group of its own.
 * Positions come from `project` — world pixels at the current zoom, so panning never regroups. A group's place is the
 * mean of its points.
 */
export function clusterPoints(
  points: readonly MapPoint[],
  project: (p: MapPoint) => { x: number; y: number },
  reach: { x: number; y: number },
): ScreenCluster[] {
  const groups: Array<ScreenCluster & { seedX: number; seedY: number }> = [];
  for (const point of points) {
    const { x, y } = project(point);
    const group = groups.find((g) => Math.abs(g.seedX - x) < reach.x && Math.abs(g.seedY - y) < reach.y);
    if (group) {
      group.points.push(point);
      group.x += (x - group.x) / group.points.length;
      group.y += (y - group.y) / group.points.length;
    } else {
      groups.push({ key: String(point.id), x, y, seedX: x, seedY: y, points: [point] });
    }
  }
  return groups.map(({ key, x, y, points: members }) => ({ key, x, y, points: members }));
}
