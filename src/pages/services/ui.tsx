import { SectionPlaceholder } from '@/shared/ui';

export function ServicesPage() {
  return <SectionPlaceholder title="Услуги" text="Подбор и покупка, безопасная сделка, продажа квартиры и ипотека." />;
}
