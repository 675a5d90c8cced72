import { usePlatform } from '@platform';
import { useQueryClient } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@/shared/router';
import { cityListQuery } from '@/entities/city';
import { api } from '@/shared/api';
import { parseApartStartParam } from '@kvarta/contract/lira-rules';
import { notificationShown } from '@/shared/model';

/**
 * The bot's «Открыть» launches the Mini App with `startapp=apart_<id>`: open that apartment's page.
 * Its city is not in the parameter, so the apartment is asked for across all supported cities.
 */
export function useStartParamRoute(): void {
  const platform = usePlatform();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useUnit(notificationShown);
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const apartmentId = parseApartStartParam(platform.startParam?.());
    if (apartmentId === null) return;
    void (async () => {
      try {
        const cities = await queryClient.ensureQueryData(cityListQuery());
        const apartment = await api.call('apartment', { body: { id: apartmentId, cityIds: cities.flatMap((c) => c.cityIds) } });
        const link = cities.find((c) => c.cityIds.includes(apartment.cityId) || c.kladr === apartment.cityId)?.link;
        if (link) navigate(`/${link}/apart/${apartmentId}`, { replace: true });
      } catch {
        notify({ text: 'Не удалось открыть квартиру из сообщения: возможно, она уже продана.' });
      }
    })();
  }, [platform, navigate, queryClient, notify]);
}
