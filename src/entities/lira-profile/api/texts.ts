import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import type { TextEntry } from '@/shared/api';
import { camelCaseKey } from '@/shared/lib';

/** Keys of the 'ai_kvarta' texts the AI search reads (spec §3 "Text entry"), snake_case as sent. */
export const LIRA_TEXT_KEYS = [
  'agent_info_block_work',
  'agent_info_block_stop',
  'agent_info_block_unpaid',
  'lira_switch',
  'lira_main',
  'lira_alternative',
  'lira_creation',
  'lira_main_bad_filters',
  'agent_check_create',
  'agent_check_update',
] as const;

/** Texts keyed in camelCase (agentInfoBlockWork, liraCreation…). */
export type LiraTexts = Record<string, TextEntry>;

export function liraTextsQuery() {
  return queryOptions({
    queryKey: ['texts', 'ai_kvarta', 'lira'] as const,
    queryFn: async ({ signal }) => {
      const list = await api.call('texts', { query: { category: 'ai_kvarta', keys: LIRA_TEXT_KEYS.join(',') }, signal });
      const out: LiraTexts = {};
      for (const entry of list) out[camelCaseKey(entry.key)] = entry;
      return out;
    },
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
