import { z } from 'zod';
import { cityIdList, positiveId } from './safe-input';
import { apartmentItemSchema, mapBuildingSchema } from './catalog';
import { EXTENSION_TYPES, LIRA_SETTABLE_STATUSES, LIRA_SORTS, LIRA_STATUSES } from './lira-rules';
import { DEFAULT_MORTGAGE_INFO, mortgageInfoSchema, reactionSchema } from './selection';

/** LIRA (AI search) endpoints. Where spec §7 says "not shown", the shapes here are ours. */
const ids = z.array(positiveId()).max(500);
const price = z.number().min(0).max(200_000_000);

/** Spec §3 "LIRA profile payload" filters. */
export const liraFiltersSchema = z
  .object({
    cityIds: cityIdList(),
    areaIds: ids.default([]),
    metroIds: ids.default([]),
    priceTotalMinGte: price.nullable().default(null),
    priceTotalMinLte: price.nullable().default(null),
    realtyType: z.enum(['ALL', 'NEW', 'RESALE']).nullable().default('ALL'),
    isApartHotel: z.boolean().nullable().default(null),
    renovationType: z.enum(['ALL', 'FULLY_RENOVATED', 'UNRENOVATED']).nullable().default(null),
    roomsCntForFilter: z.array(z.number().int().min(0).max(4)).max(5).default([]),
    areaForFilter: z.number().min(0).max(1000).nullable().default(null),
    areaKitchenGte: z.number().min(0).max(200).nullable().default(null),
    areaResidentialGte: z.number().min(0).max(1000).nullable().default(null),
    areaTotalGte: z.number().min(0).max(1000).nullable().default(null),
    avgAreaRoomsGte: z.number().min(0).max(500).nullable().default(null),
    deadlineGte: z.number().int().min(0).max(300_001).nullable().default(null),
    deadlineLte: z.number().int().min(0).max(300_001).nullable().default(null),
    stageIsPut: z.boolean().nullable().default(null),
  })
  .strict();
export type LiraFilters = z.infer<typeof liraFiltersSchema>;
export type LiraFiltersInput = z.input<typeof liraFiltersSchema>;

/** Wish importance on the wire (spec §3): DESIRABLE travels as NOT_IMPORTANT, null = 'Не важно'. */
export const wireImportanceSchema = z.enum(['NOT_IMPORTANT', 'IMPORTANT', 'VERY_IMPORTANT']).nullable();
export type WireImportance = z.infer<typeof wireImportanceSchema>;

/** Body of POST and PUT /selection/lira/profile. */
export const liraProfilePayloadSchema = z
  .object({
    filters: liraFiltersSchema,
    portraitId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    wishGroups: z.record(z.string().regex(/^[a-z0-9_]{1,64}$/i, 'wishGroups: неизвестный код пожелания'), wireImportanceSchema).default({}),
    /** The same `mortgageInfo` as TOP's: the payments on this selection's cards and buildings use it. */
    mortgageInfo: mortgageInfoSchema.default(DEFAULT_MORTGAGE_INFO),
  })
  .strict();
export type LiraProfilePayload = z.infer<typeof liraProfilePayloadSchema>;
export type LiraProfilePayloadInput = z.input<typeof liraProfilePayloadSchema>;

/** One extension entry of PUT /selection/lira/profile/settings (spec §3 "Sent"). */
export const extensionEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LOCATION'), active: z.boolean(), params: z.object({ areaIds: ids.default([]), metroIds: ids.default([]) }) }),
  z.object({ type: z.literal('PRICE'), active: z.boolean(), params: z.object({ price: z.number().min(0).max(100) }) }),
  z.object({
    type: z.literal('ROOMS_COUNT'),
    active: z.boolean(),
    params: z.object({ roomsCnt: z.array(z.number().int().min(0).max(4)).max(5) }),
  }),
  z.object({ type: z.literal('DEADLINE'), active: z.boolean(), params: z.object({ deadline: z.number().int().min(0).max(20) }) }),
  z.object({ type: z.literal('REALTY_TYPE'), active: z.boolean(), params: z.object({ realtyType: z.enum(['NEW', 'RESALE']).nullable() }) }),
]);

export const extensionPayloadSchema = z.object({
  useExtensions: z.boolean(),
  useExpertSelection: z.boolean().default(false),
  extensions: z.array(extensionEntrySchema).max(EXTENSION_TYPES.length),
});
export type ExtensionPayload = z.infer<typeof extensionPayloadSchema>;

/** GET /selection/lira/profile (404 when there is none — spec §7 "failure means null"); also the answer of POST/PUT. */
export const liraProfileSchema = z.object({
  filters: liraFiltersSchema,
  portraitId: z.number().int().nullable(),
  wishGroups: z.record(z.string(), wireImportanceSchema),
  mortgageInfo: mortgageInfoSchema,
  /** The status the server stores; the client derives the shown one from the subscription (spec §4 "Profile status on load"). */
  status: z.enum(LIRA_STATUSES),
  settings: extensionPayloadSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LiraProfile = z.infer<typeof liraProfileSchema>;

/** PUT /selection/lira/profile/status body and answer. */
export const liraStatusBodySchema = z.object({ status: z.enum(LIRA_SETTABLE_STATUSES, { message: 'status: недопустимый статус' }) });
export type LiraStatusBody = z.infer<typeof liraStatusBodySchema>;
export const liraStatusResponseSchema = z.object({ status: z.enum(LIRA_STATUSES) });
export type LiraStatusResponse = z.infer<typeof liraStatusResponseSchema>;

/** POST /selection/lira/filters-check: body = the profile payload (or just {filters}). */
export const filtersCheckBodySchema = z.object({
  filters: liraFiltersSchema,
  portraitId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  wishGroups: z.record(z.string(), wireImportanceSchema).optional(),
});
export type FiltersCheckBody = z.input<typeof filtersCheckBodySchema>;
/** `badFilters` when fewer than `threshold` listings match strictly (the client then asks badFiltersConfirm). */
export const filtersCheckResponseSchema = z.object({
  count: z.number().int(),
  strictCount: z.number().int(),
  badFilters: z.boolean(),
  threshold: z.number().int(),
});
export type FiltersCheckResponse = z.infer<typeof filtersCheckResponseSchema>;

/** GET /selection/lira/statistics: counters of the user's LIRA selection. */
export const liraStatisticsSchema = z.object({
  status: z.enum(LIRA_STATUSES),
  total: z.number().int(),
  liked: z.number().int(),
  disliked: z.number().int(),
  notViewed: z.number().int(),
  alternatives: z.number().int(),
  /** Listings that match the profile now (strictly or as alternatives). */
  matching: z.number().int(),
  lastSuggestionDate: z.string().nullable(),
});
export type LiraStatistics = z.infer<typeof liraStatisticsSchema>;

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/** GET /selection/lira/variant query (spec §7). */
export const liraVariantQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(100).default(30),
  page: z.coerce.number().int().min(0).max(1000).default(0),
  sort: z.enum(LIRA_SORTS, { message: 'sort: неизвестная сортировка' }).default('SUGGESTION_DATE_DESC'),
  showSold: boolish.default(false),
});
export type LiraVariantQuery = z.input<typeof liraVariantQuerySchema>;

/** LIRA list item: the TOP item with selectionType 'LIRA_4', suggestionDate (ISO) and suggestionType set. */
export const liraVariantItemSchema = apartmentItemSchema;
export type LiraVariantItem = z.infer<typeof liraVariantItemSchema>;

export const liraVariantListSchema = z.object({
  items: z.array(liraVariantItemSchema),
  meta: z.object({ totalItems: z.number().int(), page: z.number().int(), size: z.number().int() }),
});
export type LiraVariantList = z.infer<typeof liraVariantListSchema>;

/** GET /selection/lira/variant/map and …/map/grouped (query showSold): buildings of the suggestions. */
export const liraMapQuerySchema = z.object({ showSold: boolish.default(false) });
export const liraMapSchema = z.array(mapBuildingSchema);

/** GET /selection/lira/variant/sidebar?apartmentIds=1,2,3 → the suggested items among them. */
export const liraSidebarQuerySchema = z.object({
  apartmentIds: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v).split(',').filter(Boolean).map(Number))
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1, 'apartmentIds: нужен хотя бы один id').max(500)),
});
export const liraSidebarSchema = z.array(liraVariantItemSchema);

/** POST /selection/lira/feedback: the same body as the TOP reaction. */
export const liraFeedbackSchema = reactionSchema;
export const liraFeedbackResponseSchema = z.object({ apartmentId: z.number().int(), action: reactionSchema.shape.action });
