/** API bases, same origin by default (DESIGN §2). */
export const API_BASES = { main: '/api', passport: '/passport', botApi: '/bot-api' } as const;

/** Paths relative to their base. Placeholders look like `{name}` (spec §5 URL building). */
export const API_PATHS = {
  HEALTH: '/health',
  CITY_LIST: '/init/city-list',
  AREA_LIST: '/init/area-list/{cityIds}',
  METRO_LIST: '/init/metro-list',
  TEXTS: '/init/texts',
  PASSPORT_TOKEN: '/data/token',
} as const;
