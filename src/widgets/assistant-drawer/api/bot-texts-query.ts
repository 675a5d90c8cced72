import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

/** The snake_case keys of the server-overridable bot texts plus the FAQ greeting (spec §3 "Text entry"). */
export const BOT_TEXT_KEYS = [
  'assist_1st_msg',
  'faq_text',
  'lexs_text',
  'lira_switch',
  'lira_main',
  'lira_alternative',
  'lira_creation',
  'lira_main_bad_filters',
] as const;

export function botTextsQuery() {
  return queryOptions({
    queryKey: ['texts', 'ai_kvarta', 'bot'] as const,
    queryFn: ({ signal }) => api.call('texts', { query: { category: 'ai_kvarta', keys: BOT_TEXT_KEYS.join(',') }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
