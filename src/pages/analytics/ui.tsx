import { SectionPlaceholder } from '@/shared/ui';

export function AnalyticsPage() {
  return <SectionPlaceholder title="ИИ Анализ возможностей" text="Графики цен по районам и количеству комнат." />;
}
