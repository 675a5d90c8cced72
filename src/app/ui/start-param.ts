import { usePlatform } from '@platform';
import { useQueryClient } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@/shared/router';
import { cityListQuery } from '@/entities/city';
import { api, ROUTES } from '@/shared/api';
import { SETTINGS_START_PARAM, parseApartStartParam } from '@kvarta/contract/lira-rules';
import { notificationShown } from '@/shared/model';

/** Where a Mini App launch's `startapp` parameter leads. */
export type StartTarget = { kind: 'apartment'; id: number } | { kind: 'path'; path: string };

/**
 * `apart_<id>`: that apartment (the bot's «Открыть»); `preset_<code>`: TOP with that preset (HOME's `?code=`);
 * `settings`: the AI-search settings (AGENT's `?settings`); `fav`: favourites. Anything else opens the app as usual.
 * Telegram allows only letters, digits, `_` and `-` in the parameter.
 */
export function startTarget(param: string | null | undefined): StartTarget | null {
  const apartmentId = parseApartStartParam(param);
  if (apartmentId !== null) return { kind: 'apartment', id: apartmentId };
  if (param === SETTINGS_START_PARAM) return { kind: 'path', path: `${ROUTES.AGENT}?settings` };
  if (param === 'fav') return { kind: 'path', path: ROUTES.FAV };
  const preset = /^preset_([\w-]{1,64})$/.exec(param ?? '');
  if (preset) return { kind: 'path', path: `${ROUTES.HOME}?${new URLSearchParams({ code: preset[1]! })}` };
  return null;
}

/**
 * Opens where the launch's start parameter points, once. An apartment's city is not in the parameter, so the apartment
 * is asked for across all supported cities.
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
    const target = startTarget(platform.startParam?.());
    if (target === null) return;
    if (target.kind === 'path') {
      navigate(target.path, { replace: true });
      return;
    }
    const apartmentId = target.id;
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
