import { z } from 'zod';
import { LIRA_SERVICE_TYPE } from './lira-rules';
import { cityIdList, coercedPositiveId, positiveId } from './safe-input';

/** Spec §3 "Selection type": where a listing was shown or rated; the AI search's is its service type. */
export const SELECTION_TYPES = ['MAIN', 'FAV', 'LEXS', LIRA_SERVICE_TYPE] as const;

/** Catalogue endpoints. Where spec §7 says "not shown", the shapes here are ours. */
const id = coercedPositiveId();
const cityIdsArray = cityIdList();

export const PRESET_TYPES = ['FREE_TOP', 'AI_AGENT'] as const;
export const presetQuerySchema = z.object({
  type: z.enum(PRESET_TYPES, { message: 'type: ожидается FREE_TOP или AI_AGENT' }),
  cityKladr: coercedPositiveId(),
});

export const importanceSchema = z.enum(['DESIRABLE', 'IMPORTANT', 'VERY_IMPORTANT']);

export const presetSchema = z.object({
  template: z.object({
    id: z.number().int(),
    priority: z.number().int(),
    code: z.string(),
    title: z.string(),
    description: z.string(),
    image: z.string(),
    params: z.record(z.string(), importanceSchema),
  }),
  filters: z.object({
    cityIds: z.array(z.number().int()),
    areaIds: z.array(z.number().int()),
    metroIds: z.array(z.number().int()),
    priceTotalMinGte: z.number(),
    priceTotalMinLte: z.number(),
    priceTotalMinGap: z.number(),
    roomsCntForFilter: z.array(z.number().int()),
    realtyType: z.enum(['ALL', 'NEW', 'RESALE']),
    isApartHotel: z.boolean().nullable(),
    renovationType: z.enum(['FULLY_RENOVATED', 'UNRENOVATED']).nullable(),
    areaTotalGte: z.number().nullable(),
    areaKitchenGte: z.number().nullable(),
    areaResidentialGte: z.number().nullable(),
    avgAreaRoomsGte: z.number().nullable(),
    areaForFilter: z.number().nullable(),
    deadlineGte: z.number().int(),
    deadlineLte: z.number().int(),
    stageIsPut: z.boolean(),
  }),
  cityKladr: z.number().int(),
});
export type Preset = z.infer<typeof presetSchema>;

export const wishGroupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
});
export type WishGroup = z.infer<typeof wishGroupSchema>;

export const portraitSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  rooms: z.array(z.number().int()),
  wishes: z.array(z.object({ code: z.string(), importance: importanceSchema })),
});
export type Portrait = z.infer<typeof portraitSchema>;

export const noticeSchema = z.object({ key: z.string(), title: z.string(), priority: z.number() });
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListsSchema = z.object({ Квартира: z.array(noticeSchema), Расположение: z.array(noticeSchema) });

export const wishTextSchema = z.object({
  code: z.string(),
  title: z.string(),
  percent: z.number().int().min(0).max(100),
  text: z.string(),
});
export type WishText = z.infer<typeof wishTextSchema>;

export const metroRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  distanceM: z.number().int(),
  minutes: z.number().int(),
});
export type MetroRef = z.infer<typeof metroRefSchema>;

/** One picture in three densities (spec §9 "Images in 1x, 2x, 3x densities"). */
export const imageSchema = z.object({ x1: z.string(), x2: z.string(), x3: z.string() });
export type ImageSet = z.infer<typeof imageSchema>;

export const fairPriceSchema = z.object({ fairPrice: z.number(), deltaPercent: z.number().int(), verdict: z.string() });
export type FairPriceVerdict = z.infer<typeof fairPriceSchema>;

/** Apartment list item (spec §3), plus our fields: address, metro, fair price, alternative flag. */
export const apartmentItemSchema = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  roomsCnt: z.number().int(),
  areaTotal: z.number(),
  areaKitchen: z.number(),
  floor: z.number().int(),
  floors: z.number().int(),
  priceTotalMin: z.number(),
  pricePerMeter: z.number(),
  isApartHotel: z.boolean(),
  isNew: z.boolean(),
  realtyType: z.enum(['NEW', 'RESALE']),
  active: z.boolean(),
  isReserved: z.boolean(),
  isSold: z.boolean(),
  deadline: z.number().int(),
  stageIsPut: z.boolean(),
  /** null: the source does not say («нет данных»); no filter matches it. */
  renovation: z.enum(['FULLY_RENOVATED', 'UNRENOVATED']).nullable(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string(),
  complex: z.object({ id: z.number().int(), name: z.string(), cityId: z.number().int(), complexClass: z.string() }),
  layout: imageSchema,
  images: z.array(imageSchema),
  metro: z.array(metroRefSchema),
  tagList: z.array(z.string()),
  publishedAt: z.string(),
  /** Reaction of the current user: LIKED / DISLIKED / NOT_VIEWED. */
  type: z.enum(['LIKED', 'DISLIKED', 'NOT_VIEWED']),
  selectionType: z.enum(SELECTION_TYPES),
  relevancePercent: z.number().int().min(0).max(100).nullable(),
  isAlternative: z.boolean(),
  algorithmType: z.string().nullable(),
  hasAlternativeFloor: z.boolean(),
  suggestionDate: z.string().nullable(),
  suggestionType: z.string().nullable(),
  availableNoticeList: noticeListsSchema,
  notices: z.array(noticeSchema),
  wishesTexts: z.array(wishTextSchema),
  fairPrice: fairPriceSchema,
  /** A generated demonstration listing (shown with a «Демо» mark), not a real offer. */
  isDemo: z.boolean().optional(),
});
export type ApartmentItem = z.infer<typeof apartmentItemSchema>;

export const apartmentRequestSchema = z.object({ id: positiveId(), cityIds: cityIdsArray });
export type ApartmentRequest = z.infer<typeof apartmentRequestSchema>;

export const apartmentIdParamsSchema = z.object({ apartId: id });
export const apartmentIdQuerySchema = z.object({ id });
export const complexIdQuerySchema = z.object({ complexId: id });
export const onMapQuerySchema = z.object({ houseId: id });

export const priceHistoryPointSchema = z.object({ month: z.string(), pricePerMeter: z.number() });

/** Who sells a listing, as its feed's sales-agent names them (any field may be missing). */
export const sellerSchema = z.object({
  name: z.string().nullable(),
  organization: z.string().nullable(),
  category: z.enum(['OWNER', 'AGENCY', 'DEVELOPER']).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  url: z.string().nullable(),
  photo: z.string().nullable(),
});
export type Seller = z.infer<typeof sellerSchema>;

/** One fact of the house; value null: the source does not say («нет данных»). */
export const houseFactSchema = z.object({ key: z.string(), title: z.string(), value: z.string().nullable() });
export type HouseFact = z.infer<typeof houseFactSchema>;

/** The listing as an advert: its number, dates, words, seller and the house as its source describes it. */
export const listingInfoSchema = z.object({
  /** The source's own number (YRL internal-id), or ours for a generated listing. */
  number: z.string(),
  /** The feed's name; null for a generated listing. */
  source: z.string().nullable(),
  /** A generated demonstration listing, not a real offer. */
  isDemo: z.boolean(),
  publishedAt: z.string(),
  updatedAt: z.string().nullable(),
  description: z.string().nullable(),
  seller: sellerSchema.nullable(),
  houseFacts: z.array(houseFactSchema),
  /** A new-build complex, or a single resale house: «в этом ЖК» or «в этом доме». */
  place: z.enum(['COMPLEX', 'HOUSE']),
});
export type ListingInfo = z.infer<typeof listingInfoSchema>;

/** The APART page's data: the list item plus complex, house and market context. */
export const apartmentDetailSchema = apartmentItemSchema.extend({
  areaResidential: z.number(),
  /** The house's facts below are null where the source does not say (never filled in by guess). */
  ceilingHeight: z.number().nullable(),
  house: z.object({
    id: z.number().int(),
    name: z.string(),
    floors: z.number().int(),
    deadline: z.number().int(),
    stageIsPut: z.boolean(),
  }),
  complexCard: z.object({
    id: z.number().int(),
    name: z.string(),
    complexClass: z.string(),
    houseType: z.string().nullable(),
    floorsMax: z.number().int(),
    parking: z.boolean().nullable(),
    closedYard: z.boolean().nullable(),
    developer: z.string().nullable(),
    /** The district: the APART page's district analytics ask the statistics endpoint for it. */
    areaId: z.number().int(),
    areaName: z.string(),
  }),
  priceHistory: z.array(priceHistoryPointSchema),
  /** An imported listing's own asking prices as its feed changed them, oldest first (empty for generated ones). */
  offerPriceHistory: z.array(z.object({ date: z.string(), priceTotal: z.number() })).default([]),
  comparables: z.object({ count: z.number().int(), medianPricePerMeter: z.number() }),
  listing: listingInfoSchema.optional(),
});
export type ApartmentDetail = z.infer<typeof apartmentDetailSchema>;

export const infraPointSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['SCHOOL', 'KINDERGARTEN', 'PARK', 'SHOP', 'CLINIC', 'METRO']),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distanceM: z.number().int(),
});
export type InfraPointItem = z.infer<typeof infraPointSchema>;

/** A payment with everything the advertising law wants beside it (contract/mortgage.ts `MortgageOffer`). */
export const mortgageOfferSchema = z.object({
  programId: z.number().int(),
  programName: z.string(),
  lender: z.string(),
  rate: z.number(),
  fullCost: z.object({ min: z.number(), max: z.number() }),
  termYears: z.number(),
  downPayment: z.number(),
  loan: z.number(),
  monthlyPayment: z.number(),
  overpayment: z.number(),
  requiredIncome: z.number(),
  isExample: z.boolean(),
});

export const mapBuildingSchema = z.object({
  id: z.number().int(),
  apartmentIds: z.array(z.number().int()),
  images: z.array(imageSchema),
  latitude: z.number(),
  longitude: z.number(),
  priceTotalMin: z.number(),
  types: z.array(z.enum(['LIKE', 'DISLIKE'])),
  rankPlace: z.number().int().nullable(),
  monthlyPayment: z.number().nullable(),
  /** The programme `monthlyPayment` was computed for: a payment is never shown without it (38-FZ). */
  mortgage: mortgageOfferSchema.nullable().default(null),
});
export type MapBuilding = z.infer<typeof mapBuildingSchema>;

export const analyticsRequestSchema = z.object({
  cityIds: cityIdsArray,
  areaIds: z.array(positiveId()).max(500).optional(),
  metroIds: z.array(positiveId()).max(500).optional(),
  roomsCntForFilter: z.array(z.number().int().min(0).max(4)).max(5).optional(),
  priceTotalMinFrom: z.number().min(0).max(200_000_000).optional(),
  priceTotalMinTo: z.number().min(0).max(200_000_000).optional(),
});
export type AnalyticsRequest = z.infer<typeof analyticsRequestSchema>;

export const analyticsDetailRowSchema = z.object({
  areaId: z.number().int(),
  areaName: z.string(),
  dataList: z.array(
    z.object({
      roomsCnt: z.number().int(),
      count: z.number().int(),
      priceTotalMinFrom: z.number(),
      priceTotalMinTo: z.number(),
      pricePerMeter: z.number(),
    }),
  ),
});
export type AnalyticsDetailRow = z.infer<typeof analyticsDetailRowSchema>;

/** GET /selection/preset, /selection/wish-group, /selection/templates. */
export const presetListSchema = z.array(presetSchema);
export const wishGroupListSchema = z.array(wishGroupSchema);
export const portraitListSchema = z.array(portraitSchema);
export const apartmentListSchema = z.array(apartmentItemSchema);

/** GET /apartment/{apartId}/advert: our own listing, plus the developer's when the complex has one. */
export const advertSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  priceTotal: z.number(),
  publishedAt: z.string(),
  /** The advert's description (the feed's own, or written from the listing's facts). Optional: older servers send none. */
  text: z.string().optional(),
  /** The seller and the source's listing number, where known. */
  seller: sellerSchema.nullable().optional(),
  number: z.string().optional(),
  /** A generated demonstration listing: its seller is made up and has no contacts. */
  isDemo: z.boolean().optional(),
});
export type Advert = z.infer<typeof advertSchema>;
export const advertListSchema = z.array(advertSchema);

export const priceHistorySchema = z.array(priceHistoryPointSchema);

/** GET /complex-card/properties: the complex's card as label/value rows. */
export const propertyRowSchema = z.object({ title: z.string(), value: z.string() });
export type PropertyRow = z.infer<typeof propertyRowSchema>;
export const propertyListSchema = z.array(propertyRowSchema);
export const infraPointListSchema = z.array(infraPointSchema);

/** GET /apartment/selection-info: the AI index, and per-wish explanations when the user has an agent profile. */
export const selectionInfoSchema = z.object({
  apartmentId: z.number().int(),
  relevancePercent: z.number().int().min(0).max(100),
  fairPrice: fairPriceSchema,
  availableNoticeList: z.record(z.string(), z.array(noticeSchema)),
  wishesTexts: z.array(wishTextSchema),
  /** The buyer has an AI search profile; without one the page also invites to make it. Optional: older servers. */
  agentProfile: z.boolean().optional(),
});
export type SelectionInfo = z.infer<typeof selectionInfoSchema>;

/** GET /apartment/extended-card: the apartment with its complex's card and infrastructure in one answer. */
export const extendedCardSchema = z.object({
  apartment: apartmentDetailSchema,
  properties: propertyListSchema,
  infrastructure: infraPointListSchema,
});

/** One chart of the statistics endpoint: `{type, items}`; the items' fields depend on the type. */
export const statisticsBlockSchema = z.object({
  type: z.enum(['PRICE_BY_ROOMS', 'SHARE_BY_ROOMS', 'PRICE_PER_METER_BY_AREA', 'PRICE_DYNAMICS', 'SUMMARY']),
  items: z.array(z.record(z.string(), z.union([z.number(), z.string()]))),
});
export type StatisticsBlock = z.infer<typeof statisticsBlockSchema>;
export const statisticsSchema = z.array(statisticsBlockSchema);
export const analyticsDetailListSchema = z.array(analyticsDetailRowSchema);
