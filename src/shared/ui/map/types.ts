/** One marker: a building with its price label. Both map implementations take exactly this. */
export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
  tone: 'liked' | 'disliked' | 'default';
  /** Never merged into a cluster (for example the house on its own infrastructure map). */
  pinned?: boolean;
}

export interface MapViewProps {
  points: MapPoint[];
  /** A marker (or a single-point cluster) was chosen. */
  onSelect: (id: number) => void;
  ariaLabel: string;
}
