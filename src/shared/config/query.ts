/** Cache times of spec §9, in one place. Every queryOptions factory takes its numbers from here. */
export const QUERY_TIME = {
  /** Default freshness of server data. */
  DEFAULT_STALE: 60_000,
  /** City, area and metro lists never change while the app runs. */
  FOREVER: Infinity,
  /** AI-agent and TOP presets. */
  PRESETS: 3_600_000,
  /** LIRA list refetch while page one is empty. */
  LIRA_LIST_POLL: 5_000,
  /** LIRA map refetch. */
  LIRA_MAP_POLL: 60_000,
  DAY: 86_400_000,
  /** Mortgage programmes: the operator changes them rarely. */
  MORTGAGE_PROGRAMS: 3_600_000,
} as const;

/**
 * The first element of every query key, one per key factory, so a prefix names exactly one kind of data. Kept here,
 * not in the entities, for code that must reach another entity's data without loading it: a reaction resets the
 * AI-search lists (that entity stays out of the first screen's bundle), and a new identity decides what to keep.
 */
export const QUERY_ROOT = {
  /** One apartment and its page's listings (detail, adverts, related rows, house market): the same for everyone. */
  APARTMENT: 'apartment',
  /** The AI index of one apartment for one user. */
  SELECTION_INFO: 'selection-info',
  COMPLEX: 'complex',
  DISTRICT_STATISTICS: 'statistics',
  /** The TOP: a user's list, map and building sidebar, and the guest TOP the server renders. */
  TOP: 'top',
  /** The user's liked apartments. */
  FAVOURITES: 'favourites',
  /** The AI-search lists: variants, map, sidebar, the count found. */
  LIRA: 'lira',
  /** The AI-search settings' catalogs (portraits, wish groups): the same for everyone. */
  LIRA_CATALOG: 'lira-catalog',
  CITY: 'city',
  /** «Персональные рекомендации»: on or off for this person. */
  PERSONALISATION: 'personalisation',
  /** The mortgage programmes open today: the same for everyone. */
  MORTGAGE: 'mortgage',
  /** The person's consents and their decisions. */
  CONSENTS: 'consents',
  /** What is stored about the person («Мои данные»). */
  PERSONAL_DATA: 'personal-data',
} as const;

/**
 * Roots kept when the identity changes: the same for everyone. Everything else belongs to the person who asked
 * (spec §4 Session: sign-in and sign-out clear the cached data).
 */
export const IDENTITY_FREE_ROOTS: readonly string[] = [QUERY_ROOT.CITY, QUERY_ROOT.APARTMENT, QUERY_ROOT.MORTGAGE];
