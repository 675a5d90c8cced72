import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $currentCityKladr, cityListQuery, citySelected } from '@/entities/city';
import { loadErrorText } from '@/shared/api';
import { modalClosed } from '@/shared/model';
import { InlineError, Modal, useHaptics } from '@/shared/ui';

/** The city modal (spec §2): the five cities, the current one marked. */
export function CityPickerModal() {
  const [current, select, close] = useUnit([$currentCityKladr, citySelected, modalClosed]);
  const cities = useQuery(cityListQuery());
  const haptics = useHaptics();
  return (
    <Modal title="Выберите город" onClose={close} narrow>
      {cities.isPending && (
        <p className="kv-muted" role="status">
          Загружаем города…
        </p>
      )}
      {cities.isError && <InlineError text={loadErrorText('список городов', cities.error)} onRetry={() => void cities.refetch()} />}
      {cities.data && (
        <ul className="kv-city-list" role="radiogroup" aria-label="Город">
          {cities.data.map((city) => (
            <li key={city.kladr}>
              <button
                type="button"
                role="radio"
                aria-checked={city.kladr === current}
                className={`kv-city-option${city.kladr === current ? ' is-selected' : ''}`}
                onClick={() => {
                  if (city.kladr !== current) haptics.selection();
                  select(city.kladr);
                  close();
                }}
              >
                {city.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
