/** What the generator needs to know about a city (built from the reference data). */
export interface CityInput {
  kladr: number;
  centre: [number, number];
  /** `level`: how dear the district is against the city average (district-levels.ts); null when unknown. */
  areas: Array<{ id: number; name: string; lat: number; lng: number; isRegion: boolean; level: number | null }>;
  stations: Array<{ id: number; name: string; lat: number; lng: number }>;
  /** Target average asking price per m² today, by realty type. */
  targetPricePerM2: { NEW: number; RESALE: number };
  /** Monthly price growth used for the history, by realty type. */
  monthlyGrowth: { NEW: number; RESALE: number };
}
