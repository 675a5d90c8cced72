/** API bases, same origin by default (DESIGN §2). */
export const API_BASES = { main: '/api', passport: '/passport', botApi: '/bot-api' } as const;
export type ApiService = keyof typeof API_BASES;

/** Routes that are not JSON (a server-sent event stream, pictures): registered by hand, their paths live here. */
export const RAW_PATHS = {
  /** base passport */
  PASSPORT_EVENTS: '/data/events/telegram/{id}',
  /**
   * base main; our drawings (SVG), 1x/2x/3x by ?scale=, the dark page's variant by ?theme=dark. LAYOUT is drawn from
   * ?area=&kitchen=&living= (0 = unknown) and seeded by ?id= (the apartment), so the URL is all its input.
   */
  SERVICE_HERO: '/media/service/{kind}.svg',
  REVIEWER_AVATAR: '/media/reviewer/{n}.svg',
  LAYOUT: '/media/layout/{code}.svg',
  COMPLEX_IMAGE: '/media/complex/{complexId}/{n}.svg',
  PRESET_IMAGE: '/media/preset/{code}.svg',
  /** base main; a feed photo by its content hash: 1.webp, 2.webp, 3.webp, bot.jpg (immutable) */
  PHOTO: '/media/photo/{key}/{file}',
  /** base main; an apartment's link-preview card, PNG 1200×630 (messengers show no SVG) */
  APART_PREVIEW: '/media/apart/{apartId}/preview.png',
} as const;
