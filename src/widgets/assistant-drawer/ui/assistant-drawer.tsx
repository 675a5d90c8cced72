import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { TextEntry } from '@/shared/api';
import { DRAWER_VIEW_BODIES } from './views';
import { Icon } from '@/shared/ui';
import { $chat, chatClosed, type DrawerView } from '@/entities/chat';

/** Bot greetings per view (spec §4 "Chat panel"); the FAQ greeting comes from the texts endpoint. */
const VIEW_MESSAGES: Partial<Record<DrawerView, string>> = {
  LEXS_SIDEBAR: 'Квартиры в этом доме',
  FAVOURITES_SIDEBAR: 'Избранные квартиры в этом доме',
  LEXS: 'Настройте свои параметры',
  LIRA_SWITCH: 'Что хотите изменить?',
  LIRA_MAIN: 'Настройте свои параметры',
  LIRA_ALTERNATIVE: 'Настройте поиск альтернатив',
  DISLIKE: 'Уточните, что не понравилось?',
  SUBSCRIPTION_INFO: 'Ваша подписка активна',
  ANALYTICS_SETTINGS: 'Измените параметры поиска',
};

function greetingQuery() {
  return {
    queryKey: ['texts', 'ai_kvarta', 'assist_1st_msg'] as const,
    queryFn: () => api.get<TextEntry[]>(API_PATHS.TEXTS, { query: { category: 'ai_kvarta', keys: 'assist_1st_msg' } }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  };
}

/** The assistant panel: a side panel on desktop, a bottom sheet on phones. Its forms arrive with later issues. */
export function AssistantDrawer() {
  const [drawer, close] = useUnit([$chat, chatClosed]);
  const greeting = useQuery({ ...greetingQuery(), enabled: drawer.isOpen && drawer.view === 'FAQ' });
  useEffect(() => {
    if (!drawer.isOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer.isOpen, close]);
  if (!drawer.isOpen) return null;
  const faqText = greeting.data?.[0]?.text;
  const Body = DRAWER_VIEW_BODIES[drawer.view];
  const message = drawer.view === 'FAQ' ? (typeof faqText === 'string' ? faqText : greeting.isPending ? '…' : 'Привет, я цифровой риелтор «Кварты»!') : VIEW_MESSAGES[drawer.view];
  return (
    <div className="kv-drawer-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <aside className="kv-drawer" role="dialog" aria-modal="true" aria-label="Ассистент">
        <div className="kv-drawer__head">
          <span className="kv-drawer__title">Ассистент</span>
          <button type="button" className="kv-icon-button" onClick={close} aria-label="Закрыть ассистента">
            <Icon name="close" />
          </button>
        </div>
        <div className="kv-drawer__body">
          <p className="kv-bot-message">{message}</p>
          {Body ? <Body /> : <p className="kv-muted">Раздел в разработке: здесь появятся ответы на вопросы и настройки подбора.</p>}
        </div>
      </aside>
    </div>
  );
}
