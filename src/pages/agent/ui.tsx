import { SectionPlaceholder } from '@/shared/ui';

export function AgentPage() {
  return <SectionPlaceholder title="ИИ Поиск" text="ИИ-агент будет подбирать квартиры по вашим фильтрам и пожеланиям и присылать новые варианты в Telegram." />;
}
