import type { InfraKind } from '../core/model';

/** Bit flags of one listing, packed so a filter pass reads one number. */
export const FLAG = {
  NEW: 1,
  APART_HOTEL: 2,
  RENOVATED: 4,
  PARKING: 8,
  CLOSED_YARD: 16,
  STAGE_PUT: 32,
  RESERVED: 64,
  SOLD: 128,
  /** The source states the finishing, parking, yard (each bit above is read only where its «known» bit is set). */
  RENOVATION_KNOWN: 256,
  PARKING_KNOWN: 512,
  CLOSED_YARD_KNOWN: 1024,
} as const;

export const CLASS_CODE = { ECONOMY: 0, COMFORT: 1, BUSINESS: 2, PREMIUM: 3 } as const;
export const INFRA_ORDER: InfraKind[] = ['SCHOOL', 'KINDERGARTEN', 'PARK', 'SHOP', 'CLINIC'];
export const NO_METRO_MINUTES = 65_535;
