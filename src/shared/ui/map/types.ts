/** One marker: a building with its price label. Both map implementations take exactly this. */
export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
  /** `here`: the buyer's own position («Рядом со мной»), not a building. */
  tone: 'liked' | 'disliked' | 'default' | 'here';
  /** More about the point, as its tooltip and in its accessible name (a building's mortgage payment with its terms). */
  note?: string;
  /** Never merged into a cluster (for example the house on its own infrastructure map). */
  pinned?: boolean;
  /**
   * Drawn, but the first view does not stretch to take it in: the nearest metro kilometres beyond the walk an
   * infrastructure map is about would shrink everything near the house into one dot.
   */
  unframed?: boolean;
}

/** The city under the markers, drawn by the offline map (MapGL has its own): reference data, as the API gives it. */
export interface MapGeography {
  districts: ReadonlyArray<{ name: string; latitude: number; longitude: number }>;
  stations: ReadonlyArray<MetroStop>;
}

export interface MetroStop {
  name: string;
  /** '#RRGGBB'. */
  color: string;
  lineId: string;
  lineName: string;
  /** Position along the line. */
  order: number;
  latitude: number;
  longitude: number;
}

export interface MapViewProps {
  points: MapPoint[];
  /** Districts and metro of the city; without it the offline map shows the markers alone. */
  geography?: MapGeography;
  /** A marker (or a single-point cluster) was chosen. */
  onSelect: (id: number) => void;
  ariaLabel: string;
  /**
   * Places to frame now instead of every marker (the buyer and the buildings nearest them): each new array moves the
   * view once; the user pans and zooms freely after it.
   */
  focus?: ReadonlyArray<{ latitude: number; longitude: number }>;
}
