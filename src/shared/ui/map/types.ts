/** One marker: a building with its price label. Both map implementations take exactly this. */
export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
  tone: 'liked' | 'disliked' | 'default';
}

export interface MapViewProps {
  points: MapPoint[];
  /** A marker (or a single-point cluster) was chosen. */
  onSelect: (id: number) => void;
  ariaLabel: string;
}
