import { z } from 'zod';
import { SELECTION_TYPES, apartmentItemSchema, mapBuildingSchema } from './catalog';
import { DEFAULT_MORTGAGE_INFO } from './mortgage';
import { cityIdList, positiveId } from './safe-input';

const ids = z.array(positiveId()).max(500);
const price = z.number().min(0).max(200_000_000);

/**
 * The buyer's mortgage (spec §3 `mortgageInfo`): the down payment they have, the payment they can afford, and who
 * they are — which programmes (family, IT) apply to them. TOP and AI search profiles both carry it.
 */
export const mortgageInfoSchema = z.object({
  initialFee: z.number().min(0).max(200_000_000),
  monthlyPayment: z.number().min(0).max(10_000_000),
  loanerInfo: z.object({
    age: z.number().int().min(18).max(100),
    sex: z.enum(['MALE', 'FEMALE']),
    hasChildren: z.boolean(),
    worksInIT: z.boolean(),
  }),
});
export type MortgageInfo = z.infer<typeof mortgageInfoSchema>;
export { DEFAULT_MORTGAGE_INFO };

/** TOP (LEXS) profile payload (spec §3). Unknown fields are refused so typos surface. */
export const topProfilePayloadSchema = z
  .object({
    areaIds: ids.default([]),
    metroIds: ids.default([]),
    priceTotalMinGte: price.nullable().default(null),
    priceTotalMinLte: price.nullable().default(null),
    cityIds: cityIdList(),
    realtyType: z.enum(['ALL', 'NEW', 'RESALE']).nullable().default('ALL'),
    roomsCntForFilter: z.array(z.number().int().min(0).max(4)).max(5).default([]),
    deadlineGte: z.number().int().min(0).max(300_001).nullable().default(null),
    deadlineLte: z.number().int().min(0).max(300_001).nullable().default(null),
    areaForFilter: z.number().min(0).max(1000).nullable().default(null),
    areaKitchenGte: z.number().min(0).max(200).nullable().default(null),
    areaResidentialGte: z.number().min(0).max(1000).nullable().default(null),
    areaTotalGte: z.number().min(0).max(1000).nullable().default(null),
    avgAreaRoomsGte: z.number().min(0).max(500).nullable().default(null),
    isApartHotel: z.boolean().nullable().default(null),
    renovationType: z.enum(['FULLY_RENOVATED', 'UNRENOVATED']).nullable().default(null),
    stageIsPut: z.boolean().nullable().default(null),
    templateId: positiveId().nullable().default(null),
    wishes: z.record(z.string().max(64), z.enum(['DESIRABLE', 'IMPORTANT', 'VERY_IMPORTANT'])).default({}),
    state: z.literal('main').default('main'),
    selectionMode: z.literal('normal').default('normal'),
    isNmarket: z.null().default(null),
    splashScreens: z.object({ mainShown: z.boolean(), apartShown: z.boolean() }).default({ mainShown: false, apartShown: false }),
    mortgageInfo: mortgageInfoSchema.default(DEFAULT_MORTGAGE_INFO),
  })
  .strict();
export type TopProfilePayload = z.infer<typeof topProfilePayloadSchema>;

export const REACTION_ACTIONS = ['LIKE', 'DISLIKE', 'NO_FEEDBACK', 'RESET_REACTION'] as const;
export const reactionSchema = z.object({
  apartmentId: positiveId(),
  action: z.enum(REACTION_ACTIONS),
  notices: z
    .array(z.string().regex(/^[A-Z_]{2,32}$/, 'notices: ожидаются ключи причин'))
    .max(20)
    .default([]),
});
export type ReactionRequest = z.infer<typeof reactionSchema>;

export const topListRequestSchema = topProfilePayloadSchema.partial().extend({
  count: z.number().int().min(1).max(100).default(30),
  page: z.number().int().min(0).max(1000).default(0),
});

export const sidebarRequestSchema = z.object({
  apartmentIds: ids.min(1),
  selectionParams: z.null().optional(),
  selectionType: z.enum(SELECTION_TYPES).default('MAIN'),
  sort: z.enum(['SUGGESTION_DATE_DESC', 'RELEVANCE_DESC', 'RELEVANCE_ASC', 'PRICE_ASC', 'PRICE_DESC']).default('RELEVANCE_DESC'),
});

/** The stored TOP profile (GET/POST/PUT /selection/swipe/profile answer). */
export const topProfileSchema = topProfilePayloadSchema;
export type TopProfile = z.output<typeof topProfileSchema>;

const pageMetaSchema = z.object({ totalItems: z.number().int(), page: z.number().int(), size: z.number().int() });
export const topListResponseSchema = z.object({ items: z.array(apartmentItemSchema), meta: pageMetaSchema });
export const topMapSchema = z.array(mapBuildingSchema);
/** POST /selection/swipe/variant/sidebar: the asked apartments grouped by the user's reaction. */
export const topSidebarSchema = z.object({
  DISLIKED: z.array(apartmentItemSchema),
  LIKED: z.array(apartmentItemSchema),
  NOT_VIEWED: z.array(apartmentItemSchema),
});
export const reactionResponseSchema = z.object({ apartmentId: z.number().int(), action: z.enum(REACTION_ACTIONS) });
export const likedListSchema = z.array(apartmentItemSchema);
