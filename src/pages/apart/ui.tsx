import { SectionPlaceholder } from '@/shared/ui';

export function ApartPage() {
  return <SectionPlaceholder title="Квартира" text="Страница квартиры с фотографиями, историей цены, инфраструктурой и похожими вариантами." />;
}
