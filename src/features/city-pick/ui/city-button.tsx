import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $currentCityKladr, cityListQuery } from '@/entities/city';
import { cityModal } from '@/shared/model';
import { Icon } from '@/shared/ui';

/** Shows the current city's title and opens the city picker. */
export function CityButton({ compact = false }: { compact?: boolean }) {
  const [kladr, openModal] = useUnit([$currentCityKladr, cityModal.opened]);
  const { data } = useQuery(cityListQuery());
  const title = data?.find((c) => c.kladr === kladr)?.title ?? '…';
  return (
    <button
      type="button"
      className="kv-nav-item"
      onClick={() => openModal({ delay: 50 })}
      aria-label={`Город: ${title}. Выбрать город`}
      data-testid="city-button"
    >
      <Icon name="pin" />
      {!compact && <span>{title}</span>}
    </button>
  );
}
