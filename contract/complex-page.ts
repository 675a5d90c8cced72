import { z } from 'zod';
import { apartmentDetailSchema, infraPointSchema, metroRefSchema, priceHistoryPointSchema, propertyRowSchema } from './catalog';
import { COMPARE_MAX } from './compare';
import { coercedPositiveId } from './safe-input';

/** `/:cityLink/complex/:complexId`: a new-build complex or a resale house with everything known about it. */
export const complexPageParamsSchema = z.object({ complexId: coercedPositiveId() });

/** The complex's flats of one room count on sale: how many, and their price and area ranges. */
export const complexRoomGroupSchema = z.object({
  roomsCnt: z.number().int(),
  count: z.number().int(),
  priceMin: z.number(),
  priceMax: z.number(),
  areaMin: z.number(),
  areaMax: z.number(),
  /** The cheapest of them, to open. */
  cheapestId: z.number().int(),
});
export type ComplexRoomGroup = z.infer<typeof complexRoomGroupSchema>;

export const complexBuildingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  floors: z.number().int(),
  /** year × 10 + quarter. */
  deadline: z.number().int(),
  stageIsPut: z.boolean(),
  /** Flats of this building on sale now. */
  onSale: z.number().int(),
});
export type ComplexBuilding = z.infer<typeof complexBuildingSchema>;

/**
 * Who sells the complex's listings, each named as its apartment page names it (contract/seller.ts `sellerTitle`): the
 * developer, owners, agencies; kind null where the source does not say who the seller is.
 */
export const complexSellerSchema = z.object({
  name: z.string(),
  kind: z.enum(['DEVELOPER', 'OWNER', 'AGENCY']).nullable(),
  count: z.number().int(),
});
export type ComplexSeller = z.infer<typeof complexSellerSchema>;

export const complexPageSchema = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  realtyType: z.enum(['NEW', 'RESALE']),
  complexClass: z.string(),
  developer: z.string().nullable(),
  areaName: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  metro: z.array(metroRefSchema),
  properties: z.array(propertyRowSchema),
  onSale: z.number().int(),
  rooms: z.array(complexRoomGroupSchema),
  buildings: z.array(complexBuildingSchema),
  infrastructure: z.array(infraPointSchema),
  priceHistory: z.array(priceHistoryPointSchema),
  sellers: z.array(complexSellerSchema),
  /** A generated demonstration complex: its houses, facts and sellers are made up (its flats carry «Демо» too). */
  isDemo: z.boolean(),
});
export type ComplexPage = z.infer<typeof complexPageSchema>;

/** Compare: up to four apartments, ids in the query as `1,2,3`. Unknown ids are left out of the answer. */
export const compareQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,3}$/, `ids: от 1 до ${COMPARE_MAX} номеров квартир через запятую`)
    .transform((raw) => [...new Set(raw.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), 'ids: номера квартир — положительные числа'),
});
export const compareListSchema = z.array(apartmentDetailSchema);
