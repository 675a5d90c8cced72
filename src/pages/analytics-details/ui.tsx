import { SectionPlaceholder } from '@/shared/ui';

export function AnalyticsDetailsPage() {
  return <SectionPlaceholder title="Детализация" text="Таблица цен по районам: студии, 1, 2, 3 и 4+ комнаты." />;
}
