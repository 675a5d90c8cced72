import type { MapPoint } from './types';

export interface ScreenCluster {
  key: string;
  x: number;
  y: number;
  points: MapPoint[];
}

/** Groups points that fall into the same cell of a `cell`-pixel screen grid (clustering when zoomed out). */
export function clusterPoints(points: MapPoint[], project: (p: MapPoint) => { x: number; y: number }, cell: number): ScreenCluster[] {
  const cells = new Map<string, ScreenCluster>();
  for (const point of points) {
    const { x, y } = project(point);
    const key = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    const cluster = cells.get(key);
    if (cluster) {
      cluster.points.push(point);
      cluster.x += (x - cluster.x) / cluster.points.length;
      cluster.y += (y - cluster.y) / cluster.points.length;
    } else {
      cells.set(key, { key, x, y, points: [point] });
    }
  }
  return [...cells.values()];
}
