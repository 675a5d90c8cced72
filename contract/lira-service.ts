/**
 * The AI search's service type: what a selection's items and a subscription name it by. A module of its own, because
 * the first screen compares with it (a reaction goes to the AI search's endpoint or TOP's) and needs nothing else of
 * lira-rules: the bundler puts a module whole into the entry chunk, with every export any page uses, once the entry
 * imports one of them.
 */
export const LIRA_SERVICE_TYPE = 'LIRA_4' as const;
