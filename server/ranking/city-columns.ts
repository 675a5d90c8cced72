// The columns' shape alone, apart from the code that fills them (columns.ts):
// the wish and preference definitions read the shape while the builder calls
// them, so sharing one file made an import cycle.

/**
 * One city's listings as typed arrays (structure of arrays): a query scans them
 * in one tight loop without touching objects, so 300k rows take milliseconds.
 */
export interface CityColumns {
  cityId: number;
  size: number;
  id: Int32Array;
  complexId: Int32Array;
  areaId: Int32Array;
  price: Float64Array;
  pricePerMeter: Float32Array;
  areaTotal: Float32Array;
  areaKitchen: Float32Array;
  areaResidential: Float32Array;
  rooms: Uint8Array;
  floor: Uint8Array;
  floors: Uint8Array;
  deadline: Int32Array;
  flags: Uint16Array;
  complexClass: Uint8Array;
  /** Walking minutes to the nearest station; NO_METRO_MINUTES without metro. */
  metroMinutes: Uint16Array;
  /** Up to three nearest stations (0 = none). */
  metro0: Int32Array;
  metro1: Int32Array;
  metro2: Int32Array;
  centreKm: Float32Array;
  /** Distance in metres to the nearest infrastructure of each kind, INFRA_ORDER × size. */
  infra: Uint16Array;
  /** Asking price over the comparables' fair price (1 = market). */
  fairRatio: Float32Array;
  publishedAt: Float64Array;
  /** Precomputed satisfaction of every wish (WISHES order), 0…255, WISHES.length × size. */
  wishSatisfaction: Uint8Array;
  /** Each listing's bin on every taste dimension (taste/dimensions.ts), DIMENSION_COUNT × size; MAX_BINS = unknown. */
  tasteBins: Uint8Array;
  /** The city's bin boundaries per taste dimension. */
  tasteEdges: Float64Array[];
  /** Row of an apartment id. */
  rowOf: Map<number, number>;
}
