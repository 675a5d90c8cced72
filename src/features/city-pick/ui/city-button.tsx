import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $currentCityKladr, cityListQuery } from '@/entities/city';
import { cityModal } from '@/shared/model';
import { Icon } from '@/shared/ui';

/** The current city's title and how to open the picker: for a button of one's own (the Mini App menu's row). */
export function useCityChoice(): { title: string; open: () => void } {
  const [kladr, openModal] = useUnit([$currentCityKladr, cityModal.opened]);
  const { data } = useQuery(cityListQuery());
  return { title: data?.find((c) => c.kladr === kladr)?.title ?? '…', open: () => openModal({ delay: 50 }) };
}

/** Shows the current city's title and opens the city picker. */
export function CityButton({ compact = false }: { compact?: boolean }) {
  const { title, open } = useCityChoice();
  return (
    <button type="button" className="kv-nav-item" onClick={open} aria-label={`Город: ${title}. Выбрать город`} data-testid="city-button">
      <Icon name="pin" />
      {!compact && <span>{title}</span>}
    </button>
  );
}
