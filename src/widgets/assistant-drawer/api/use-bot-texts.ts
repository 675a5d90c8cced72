import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $botTexts } from '../model/bot-messages';
import { botTextsLoaded } from '../model/chat';
import { botTextsQuery } from './bot-texts-query';

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
