import { z } from 'zod';

/** GET /api/service/extended (spec §7 "Services", §3 Service): `{services, common}`, built from the server's own content. */

export const serviceStepSchema = z.object({ title: z.string(), text: z.string() });
export type ServiceStep = z.infer<typeof serviceStepSchema>;

export const serviceContentSchema = z.object({
  /** The detail page's title (spec §2 SERVICES_DETAIL "titled by the content title"). */
  title: z.string(),
  lead: z.string(),
  steps: z.array(serviceStepSchema),
  benefits: z.array(z.string()),
});
export type ServiceContent = z.infer<typeof serviceContentSchema>;

export const serviceSchema = z.object({
  id: z.number().int(),
  /** Equal to the URL slug: podbor-i-pokupka, bezopasnaya-sdelka, … */
  code: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  price: z.string(),
  content: serviceContentSchema,
  crossSellServiceIds: z.array(z.number().int()),
});
export type Service = z.infer<typeof serviceSchema>;

export const mortgageTopicSchema = z.object({
  title: z.string(),
  text: z.string(),
  /** A short figure for the card, e.g. 'от 6 %'. */
  rate: z.string(),
});
export type MortgageTopic = z.infer<typeof mortgageTopicSchema>;

export const expertGuideSchema = z.object({
  expert: z.string(),
  role: z.string(),
  title: z.string(),
  text: z.string(),
  readMinutes: z.number().int(),
});
export type ExpertGuide = z.infer<typeof expertGuideSchema>;

/** Three reviewers have avatars (spec §2): `avatar` is 1, 2 or 3. */
export const customerReviewSchema = z.object({
  name: z.string(),
  avatar: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  city: z.string(),
  rating: z.number(),
  serviceId: z.number().int(),
  text: z.string(),
});
export type CustomerReview = z.infer<typeof customerReviewSchema>;

export const servicesCommonSchema = z.object({
  title: z.string(),
  lead: z.string(),
  facts: z.array(z.object({ value: z.string(), label: z.string() })),
  mortgageTopics: z.array(mortgageTopicSchema),
  guides: z.array(expertGuideSchema),
  reviews: z.array(customerReviewSchema),
});
export type ServicesCommon = z.infer<typeof servicesCommonSchema>;

export const servicesResponseSchema = z.object({ services: z.array(serviceSchema), common: servicesCommonSchema });
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

/** Hero illustrations (spec §2: selection and purchase has its own, safe deal a shield, the rest 'sell'). */
export type ServiceHeroKind = 'podbor-i-pokupka' | 'bezopasnaya-sdelka' | 'sell';
