import type { QueryClient } from '@tanstack/react-query';
import { SETTINGS_START_PARAM, parseApartStartParam } from '@kvarta/contract/lira-rules';
import { cityListQuery } from '@/entities/city';
import { api, ROUTES } from '@/shared/api';

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
 * The path the parameter opens, or null for none. An apartment's city is not in the parameter, so the apartment is
 * asked for across all supported cities; a failure (sold, removed) throws.
 */
export async function startPath(param: string, queryClient: QueryClient): Promise<string | null> {
  const target = startTarget(param);
  if (target === null) return null;
  if (target.kind === 'path') return target.path;
  const cities = await queryClient.ensureQueryData(cityListQuery());
  const apartment = await api.call('apartment', { body: { id: target.id, cityIds: cities.flatMap((c) => c.cityIds) } });
  const link = cities.find((c) => c.cityIds.includes(apartment.cityId) || c.kladr === apartment.cityId)?.link;
  return link ? `/${link}/apart/${target.id}` : null;
}
