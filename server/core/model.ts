/**
 * The domain model: the listings, complexes and houses the product shows, whichever source they come from (the demo
 * generator in catalog/generator or the agencies' feeds in feeds/).
 */

export type ComplexClass = 'ECONOMY' | 'COMFORT' | 'BUSINESS' | 'PREMIUM';
export type HouseType = 'MONOLITH' | 'MONOLITH_BRICK' | 'BRICK' | 'PANEL' | 'BLOCK';
export type RealtyType = 'NEW' | 'RESALE';
export type Renovation = 'FULLY_RENOVATED' | 'UNRENOVATED';
export type ApartmentStatus = 'ACTIVE' | 'RESERVED' | 'SOLD';
/** Who sells: the owner, an agency or the developer (YRL's sales-agent/category). */
export type SellerCategory = 'OWNER' | 'AGENCY' | 'DEVELOPER';
/** The seller as the feed's `sales-agent` names them; any field may be missing. */
export interface FeedSeller {
  name: string | null;
  organization: string | null;
  category: SellerCategory | null;
  phone: string | null;
  email: string | null;
  url: string | null;
  photo: string | null;
}

/** The house facts a feed may give; null where it gives none (never filled in by guess). */
export interface FeedHouseFacts {
  builtYear: number | null;
  buildingSeries: string | null;
  buildingType: string | null;
  floorsTotal: number | null;
  lift: boolean | null;
  ceilingHeight: number | null;
  parking: boolean | null;
  buildingState: string | null;
  readyQuarter: number | null;
  dealStatus: string | null;
  mortgage: boolean | null;
  renovation: string | null;
}

export interface FeedDetails {
  seller: FeedSeller | null;
  /** creation-date and last-update-date, ISO. */
  createdAt: string | null;
  updatedAt: string | null;
  facts: FeedHouseFacts;
}

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
  /** The house's facts; null where the source does not say (a feed that leaves them out): never filled in by guess. */
  houseType: HouseType | null;
  floorsMax: number;
  ceilingHeight: number | null;
  parking: boolean | null;
  closedYard: boolean | null;
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
  /** null: the source does not say; no filter matches it. */
  renovation: Renovation | null;
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

/** Importance of a wish (spec §3). DESIRABLE travels as NOT_IMPORTANT on the wire, so it is resolved by the caller. */
export type Importance = 'DESIRABLE' | 'IMPORTANT' | 'VERY_IMPORTANT';
