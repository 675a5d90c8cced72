import { SectionPlaceholder } from '@/shared/ui';

export function ServiceDetailPage() {
  return <SectionPlaceholder title="Услуги" text="Подробное описание услуги и связанные услуги." />;
}
