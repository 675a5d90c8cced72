/** What the generator needs to know about a city (built from the reference data). */
export interface CityInput {
  kladr: number;
  centre: [number, number];
  /** `level`: how dear the district is against the city average (district-levels.ts); null when unknown. */
  areas: Array<{ id: number; name: string; lat: number; lng: number; isRegion: boolean; level: number | null }>;
  stations: Array<{ id: number; lat: number; lng: number }>;
  /** Target average asking price per m² today, by realty type. */
  targetPricePerM2: { NEW: number; RESALE: number };
  /** Monthly price growth used for the history, by realty type. */
  monthlyGrowth: { NEW: number; RESALE: number };
}

export type ComplexClass = 'ECONOMY' | 'COMFORT' | 'BUSINESS' | 'PREMIUM';
export type HouseType = 'MONOLITH' | 'MONOLITH_BRICK' | 'BRICK' | 'PANEL' | 'BLOCK';
export type RealtyType = 'NEW' | 'RESALE';
export type Renovation = 'FULLY_RENOVATED' | 'UNRENOVATED';
export type ApartmentStatus = 'ACTIVE' | 'RESERVED' | 'SOLD';
export type InfraKind = 'SCHOOL' | 'KINDERGARTEN' | 'PARK' | 'SHOP' | 'CLINIC';

export interface Developer {
  id: number;
  name: string;
}

export interface MetroDistance {
  stationId: number;
  distanceM: number;
  minutes: number;
}

export interface Complex {
  id: number;
  cityId: number;
  areaId: number;
  developerId: number | null;
  name: string;
  realtyType: RealtyType;
  complexClass: ComplexClass;
  houseType: HouseType;
  floorsMax: number;
  ceilingHeight: number;
  parking: boolean;
  closedYard: boolean;
  lat: number;
  lng: number;
  centreDistanceM: number;
  /** Nearest stations, closest first (empty in a city without metro). */
  metro: MetroDistance[];
  /** Distance to the nearest point of each kind of infrastructure. */
  infraDistanceM: Record<InfraKind, number>;
  /** Illustration variants served as images. */
  imageCount: number;
}

export interface House {
  id: number;
  complexId: number;
  name: string;
  address: string;
  floors: number;
  /** year × 10 + quarter. */
  deadline: number;
  /** Commissioned ('сдан'). */
  stageIsPut: boolean;
  lat: number;
  lng: number;
}

export interface Apartment {
  id: number;
  houseId: number;
  complexId: number;
  cityId: number;
  areaId: number;
  roomsCnt: number;
  areaTotal: number;
  areaKitchen: number;
  areaResidential: number;
  floor: number;
  floors: number;
  layoutCode: string;
  priceTotal: number;
  pricePerMeter: number;
  realtyType: RealtyType;
  isApartHotel: boolean;
  renovation: Renovation;
  deadline: number;
  stageIsPut: boolean;
  status: ApartmentStatus;
  /** Unix milliseconds. */
  publishedAt: number;
}

export interface InfraPoint {
  id: number;
  cityId: number;
  kind: InfraKind;
  name: string;
  lat: number;
  lng: number;
}

export interface PricePoint {
  complexId: number;
  /** 'YYYY-MM'. */
  month: string;
  pricePerMeter: number;
}

export interface Catalogue {
  developers: Developer[];
  complexes: Complex[];
  houses: House[];
  apartments: Apartment[];
  infrastructure: InfraPoint[];
  priceHistory: PricePoint[];
}
