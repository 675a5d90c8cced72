import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { QUERY_TIME, api } from '@/shared/api';
import { $botTexts, botTextsLoaded } from '../model/chat';

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

/**
 * Loads the server's bot texts into the chat model (once enabled) and returns the current table;
 * any view can read its message with `pickBotText(texts, view, messageId)`.
 */
export function useBotTexts(enabled = true) {
  const [texts, loaded] = useUnit([$botTexts, botTextsLoaded]);
  const query = useQuery({ ...botTextsQuery(), enabled });
  useEffect(() => {
    if (query.data) loaded(query.data);
  }, [query.data, loaded]);
  return { texts, isPending: enabled && query.isPending };
}
