import { z } from 'zod';
import { SUPPORTED_KLADR } from './cities';
import { CONSENT_PURPOSES } from './consents';

/** GET/PUT /cabinet/profile (spec §3 "Cabinet profile"). */
export const cabinetProfileSchema = z.object({
  name: z.string(),
  cityId: z.number().int().nullable(),
  connectedToTelegram: z.boolean(),
});
export type CabinetProfile = z.infer<typeof cabinetProfileSchema>;
/** GET answers null for a revoked token (spec §8): the client reads it as 'Token was revoked'. */
export const cabinetProfileOrNullSchema = cabinetProfileSchema.nullable();

export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'name: пустое имя').max(100, 'name: не длиннее 100 символов').optional(),
    cityId: z
      .number()
      .int()
      .refine((id) => (SUPPORTED_KLADR as readonly number[]).includes(id), 'cityId: город не поддерживается')
      .optional(),
  })
  .strict();

/**
 * GET /cabinet/profile/data («Посмотреть мои данные», «Скачать мои данные»; 152-FZ art. 14): what is stored about the
 * person, section by section, in words a person reads (docs/personal-data-export.md describes every field). Built from
 * explicit field lists: no internal column (token versions, session keys, hashes, addresses, counters, provider ids)
 * and nobody else's data. Times are ISO strings; money is in the payment's currency (RUB: roubles, XTR: Telegram Stars).
 */
const when = z.string();
const exportedApartmentSchema = z.object({
  id: z.number().int(),
  /** '2-к квартира 54 м²'; null when the listing is no longer in the catalogue. */
  title: z.string().nullable(),
  /** The apartment's page on the site, e.g. '/spb/apart/123'; null when it is no longer in the catalogue. */
  link: z.string().nullable(),
});
const importanceSchema = z.enum(['desirable', 'important', 'veryImportant']);
const searchSettingsSchema = z.object({
  cities: z.array(z.string()),
  districts: z.array(z.string()),
  metroStations: z.array(z.string()),
  priceFrom: z.number().nullable(),
  priceTo: z.number().nullable(),
  rooms: z.array(z.number().int()),
  realtyType: z.enum(['all', 'new', 'resale']).nullable(),
  areaFrom: z.number().nullable(),
  kitchenAreaFrom: z.number().nullable(),
  wishes: z.array(z.object({ wish: z.string(), importance: importanceSchema.nullable() })),
});
export const personalDataSchema = z.object({
  exportedAt: when,
  profile: z
    .object({
      name: z.string().nullable(),
      city: z.string().nullable(),
      signedInThroughTelegram: z.boolean(),
      personalisedRecommendations: z.boolean(),
      createdAt: when,
    })
    .nullable(),
  signIn: z.object({
    telegramId: z.string().nullable(),
    requests: z.array(
      z.object({
        kind: z.enum(['signIn', 'binding']),
        from: z.enum(['website', 'miniApp']).nullable(),
        device: z.string().nullable(),
        requestedAt: when,
        confirmedAt: when.nullable(),
      }),
    ),
  }),
  favourites: z.array(
    z.object({
      apartment: exportedApartmentSchema,
      /** Null for a note kept on an apartment no longer liked. */
      likedAt: when.nullable(),
      note: z.string(),
      priceSeen: z.number().nullable(),
      change: z
        .object({
          kind: z.enum(['priceDrop', 'gone']),
          oldPrice: z.number().nullable(),
          newPrice: z.number().nullable(),
          at: when.nullable(),
        })
        .nullable(),
    }),
  ),
  favouriteAlerts: z.object({ enabled: z.boolean(), lastSentAt: when.nullable() }).nullable(),
  ratings: z.array(
    z.object({
      apartment: exportedApartmentSchema,
      rating: z.enum(['like', 'dislike']),
      reasons: z.array(z.string()),
      where: z.enum(['top', 'aiSearch', 'favourites', 'other']),
      at: when,
    }),
  ),
  topSettings: searchSettingsSchema.extend({ updatedAt: when }).nullable(),
  aiSearch: searchSettingsSchema
    .extend({
      /** One of LIRA_STATUSES, as stored. */
      status: z.string(),
      widerSearch: z.boolean(),
      expertSelection: z.boolean(),
      createdAt: when,
      updatedAt: when,
    })
    .nullable(),
  aiSuggestions: z.array(
    z.object({
      apartment: exportedApartmentSchema,
      suggestedAt: when,
      kind: z.enum(['main', 'alternative']),
      relevancePercent: z.number().int(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      service: z.string(),
      /** One of SUBSCRIPTION_STATUSES, as stored. */
      status: z.string(),
      activeUntil: when,
      autoRenewal: z.boolean(),
      method: z.enum(['card', 'stars']).nullable(),
      periodDays: z.number().int().nullable(),
      renewalAmount: z.number().nullable(),
      currency: z.enum(['RUB', 'XTR']).nullable(),
      freeDaysOnly: z.boolean(),
      createdAt: when,
    }),
  ),
  promocodes: z.array(z.object({ code: z.string(), redeemedAt: when })),
  payments: z.array(
    z.object({
      service: z.string(),
      /** 'sandbox': the old test payment page. */
      method: z.enum(['card', 'stars', 'sandbox']),
      kind: z.enum(['first', 'renewal']),
      days: z.number().int(),
      amount: z.number(),
      currency: z.enum(['RUB', 'XTR']),
      promocode: z.string().nullable(),
      status: z.enum(['paid', 'refunded']),
      receiptEmail: z.string().nullable(),
      createdAt: when,
      completedAt: when.nullable(),
    }),
  ),
  consents: z.array(
    z.object({
      /** One of CONSENT_PURPOSES, as stored. */
      purpose: z.string(),
      given: z.boolean(),
      version: z.number().int(),
      decidedAt: when,
      givenAt: when.nullable(),
      channel: z.enum(['website', 'miniApp']).nullable(),
    }),
  ),
  callbackRequests: z.array(
    z.object({
      name: z.string(),
      phone: z.string(),
      city: z.string(),
      page: z.string(),
      about: z.string(),
      requestedAt: when,
      consentAt: when,
      consentVersion: z.number().int(),
    }),
  ),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
export type ExportedApartment = z.infer<typeof exportedApartmentSchema>;
export type ExportedSearchSettings = z.infer<typeof searchSettingsSchema>;

/** POST /cabinet/profile/delete body: the person confirmed «Удалить аккаунт и данные». */
export const accountDeleteRequestSchema = z
  .object({
    confirm: z.literal(true, { message: 'confirm: подтвердите удаление аккаунта' }),
  })
  .strict();
/** What went: rows deleted by table; rows kept by law (payments) with their personal fields cleared. */
export const accountDeleteResponseSchema = z.object({
  deleted: z.record(z.string(), z.number().int()),
  kept: z.record(z.string(), z.number().int()),
});
export type AccountDeleteResponse = z.infer<typeof accountDeleteResponseSchema>;

const consentPurposeSchema = z.enum(CONSENT_PURPOSES);
const consentDecisionSchema = z.object({ given: z.boolean(), version: z.number().int(), decidedAt: z.string() });
/** GET /cabinet/consents: each purpose with the version in force and the person's last decision on it. */
export const consentListSchema = z.array(
  z.object({ purpose: consentPurposeSchema, currentVersion: z.number().int(), decision: consentDecisionSchema.nullable() }),
);
export const consentPurposeParamsSchema = z.object({ purpose: z.enum(CONSENT_PURPOSES, { message: 'purpose: нет такого согласия' }) });
/** PUT /cabinet/consents/{purpose}: give (of the version the person read) or refuse/withdraw. */
export const consentDecideSchema = z
  .object({
    given: z.boolean({ message: 'given: ожидается true или false' }),
    version: z.number({ message: 'version: ожидается номер версии текста' }).int().positive(),
  })
  .strict();
export { consentDecisionSchema };

/**
 * GET/PUT /cabinet/personalisation: «Персональные рекомендации» (149-FZ art. 10.2-2). Off, TOP and the AI index read
 * as for an anonymous buyer with the same settings and AI search pauses; the ratings are kept.
 */
export const personalisationSchema = z.object({ personalised: z.boolean({ message: 'personalised: ожидается true или false' }) }).strict();
export type Personalisation = z.infer<typeof personalisationSchema>;
