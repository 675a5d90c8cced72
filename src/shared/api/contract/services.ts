/**
 * GET /api/service/extended (spec §7 "Services", §3 Service): `{services, common}`. Types only — the
 * server builds this answer from its own content, nothing to validate on the way in.
 */

export interface ServiceStep {
  title: string;
  text: string;
}

export interface ServiceContent {
  /** The detail page's title (spec §2 SERVICES_DETAIL "titled by the content title"). */
  title: string;
  lead: string;
  steps: ServiceStep[];
  benefits: string[];
}

export interface Service {
  id: number;
  /** Equal to the URL slug: podbor-i-pokupka, bezopasnaya-sdelka, … */
  code: string;
  title: string;
  shortDescription: string;
  price: string;
  content: ServiceContent;
  crossSellServiceIds: number[];
}

export interface MortgageTopic {
  title: string;
  text: string;
  /** A short figure for the card, e.g. 'от 6 %'. */
  rate: string;
}

export interface ExpertGuide {
  expert: string;
  role: string;
  title: string;
  text: string;
  readMinutes: number;
}

/** Three reviewers have avatars (spec §2): `avatar` is 1, 2 or 3. */
export interface CustomerReview {
  name: string;
  avatar: 1 | 2 | 3;
  city: string;
  rating: number;
  serviceId: number;
  text: string;
}

export interface ServicesCommon {
  title: string;
  lead: string;
  facts: Array<{ value: string; label: string }>;
  mortgageTopics: MortgageTopic[];
  guides: ExpertGuide[];
  reviews: CustomerReview[];
}

export interface ServicesResponse {
  services: Service[];
  common: ServicesCommon;
}

/** Hero illustrations (spec §2: selection and purchase has its own, safe deal a shield, the rest 'sell'). */
export type ServiceHeroKind = 'podbor-i-pokupka' | 'bezopasnaya-sdelka' | 'sell';
