import { SectionPlaceholder } from '@/shared/ui';

export function FavouritesPage() {
  return <SectionPlaceholder title="Избранное" text="Здесь будут квартиры, которые вы отметили лайком." />;
}
