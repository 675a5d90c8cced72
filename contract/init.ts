import { z } from 'zod';
import { cityIdList } from './safe-input';

export const citySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kladr: z.number().int(),
  hasMetro: z.boolean(),
  cityIds: z.array(z.number().int()),
  title: z.string(),
  /** URL slug used by APART routes: /{link}/apart/{id}. */
  link: z.string(),
  prepositional: z.string(),
});
export type City = z.infer<typeof citySchema>;
export const cityListSchema = z.array(citySchema);

export const areaItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The district's approximate centre (a few hundred metres off at worst): where the offline map writes its name. */
  latitude: z.number(),
  longitude: z.number(),
});
export type AreaItem = z.infer<typeof areaItemSchema>;

export const AREA_GROUPS = ['east', 'west', 'north', 'south', 'center', 'none'] as const;
export type AreaGroup = (typeof AREA_GROUPS)[number];

export const areaListSchema = z.object({
  city: z.object({
    east: z.array(areaItemSchema),
    west: z.array(areaItemSchema),
    north: z.array(areaItemSchema),
    south: z.array(areaItemSchema),
    center: z.array(areaItemSchema),
    none: z.array(areaItemSchema),
  }),
  region: z.object({ none: z.array(areaItemSchema) }),
});
export type AreaList = z.infer<typeof areaListSchema>;

/** Path parameter of the area list: comma-separated positive city ids, at least one. */
export const areaListParamsSchema = z.object({
  cityIds: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, 'cityIds: ожидается список id городов через запятую')
    .transform((value) => value.split(',').map(Number)),
});

export const metroStationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Line colour as '#RRGGBB'. */
  color: z.string(),
  lineId: z.string(),
  lineName: z.string(),
  /** Position along the line, from 0 at one end: the offline map draws each line through its stations in this order. */
  order: z.number().int(),
  cityId: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
});
export type MetroStation = z.infer<typeof metroStationSchema>;
export const metroListSchema = z.array(metroStationSchema);

export const metroListBodySchema = z.object({
  cityIds: cityIdList(),
});
export type MetroListBody = z.infer<typeof metroListBodySchema>;

export const textsQuerySchema = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/, 'category: ожидается snake_case')
    .optional(),
  /** Comma-separated snake_case keys. */
  keys: z
    .string()
    .regex(/^[a-z0-9_]{1,64}(,[a-z0-9_]{1,64}){0,49}$/, 'keys: ожидается список ключей snake_case через запятую')
    .optional(),
});

export const textEntrySchema = z.object({
  key: z.string(),
  /** Parsed JSON when the stored text is JSON, otherwise the plain text. */
  text: z.unknown(),
  title: z.string().optional(),
  url: z.string().optional(),
});
export type TextEntry = z.infer<typeof textEntrySchema>;
export const textListSchema = z.array(textEntrySchema);

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), uptimeSeconds: z.number() });
/** Readiness: the database answers and the catalogue is in memory (a load balancer sends traffic only then). */
export const readySchema = z.object({
  status: z.literal('ready'),
  role: z.enum(['all', 'web', 'worker']),
  database: z.enum(['pglite', 'postgres']),
  apartments: z.number().int(),
});
