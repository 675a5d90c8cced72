import { z } from 'zod';
import { ROUTES, type RouteName } from './routes';
import { VITAL_MAX, VITAL_NAMES, VITAL_PLATFORMS, VITAL_SURFACES, VITALS_PER_REPORT } from './vitals-rules';

const ROUTE_NAMES = Object.keys(ROUTES) as [RouteName, ...RouteName[]];

export const vitalValueSchema = z
  .object({
    name: z.enum(VITAL_NAMES),
    value: z.number().finite().min(0),
  })
  .refine((v) => v.value <= VITAL_MAX[v.name], { message: 'Значение вне допустимого диапазона', path: ['value'] });

/** `POST /api/vitals`: what one page measured (sent with navigator.sendBeacon, as JSON in a text/plain body). */
export const vitalsReportSchema = z.object({
  /** The page by its name in the page table: the server labels it with the page's path pattern. */
  page: z.enum(ROUTE_NAMES),
  surface: z.enum(VITAL_SURFACES),
  platform: z.enum(VITAL_PLATFORMS),
  metrics: z.array(vitalValueSchema).min(1).max(VITALS_PER_REPORT),
});

export const vitalsAcceptedSchema = z.object({ accepted: z.number().int().min(0) });

/** What an advert's 38-ФЗ marking lacked when its slot was left empty (art. 18.1: the token and the advertiser). */
export const AD_MARKING_PARTS = ['erid', 'advertiser'] as const;
export type AdMarkingPart = (typeof AD_MARKING_PARTS)[number];

/** `POST /api/ads/unmarked`: a creative came without its marking, so its slot stayed empty (counted in /metrics). */
export const adSlotReportSchema = z.object({ missing: z.array(z.enum(AD_MARKING_PARTS)).min(1).max(2) });
