import { z } from 'zod';
import { positiveId } from './safe-input';

/**
 * POST /api/search/parse: a sentence («двушка у метро до 15 млн с отделкой в Приморском») read into the filter
 * fields the TOP and AI-search profiles use. `filters` holds only what the sentence said (absent = not mentioned),
 * `wishes` the wish groups it named (TOP's importance words), `unknown` the words it could not place.
 */
export const searchParseBodySchema = z
  .object({
    text: z.string().max(500, 'text: не длиннее 500 символов'),
    cityId: positiveId(),
  })
  .strict();

const rooms = z.array(z.number().int().min(0).max(4));
export const parsedFiltersSchema = z.object({
  cityIds: z.array(z.number().int()).optional(),
  areaIds: z.array(z.number().int()).optional(),
  metroIds: z.array(z.number().int()).optional(),
  priceTotalMinGte: z.number().optional(),
  priceTotalMinLte: z.number().optional(),
  roomsCntForFilter: rooms.optional(),
  realtyType: z.enum(['NEW', 'RESALE']).optional(),
  renovationType: z.enum(['FULLY_RENOVATED', 'UNRENOVATED']).optional(),
  isApartHotel: z.boolean().optional(),
  areaTotalGte: z.number().optional(),
  areaKitchenGte: z.number().optional(),
  deadlineLte: z.number().int().optional(),
  stageIsPut: z.boolean().optional(),
});

export const searchParseResponseSchema = z.object({
  filters: parsedFiltersSchema,
  wishes: z.record(z.string(), z.enum(['DESIRABLE', 'IMPORTANT', 'VERY_IMPORTANT'])),
  /** What each understood part was read from, in the order of the sentence: the chips' labels. */
  parts: z.array(z.object({ field: z.string(), text: z.string() })),
  unknown: z.array(z.string()),
});
