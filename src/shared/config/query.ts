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
} as const;

/**
 * The first element of an entity's query keys, for code that must reset another entity's lists without loading it
 * (the TOP feed resets the AI-search lists after a reaction in favourites; lira-profile's `liraKeys` start with it).
 */
export const QUERY_ROOT = {
  LIRA: 'lira',
} as const;
