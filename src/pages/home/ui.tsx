import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from '@/shared/router';
import { topGuestListQuery, topListQuery } from '@/entities/apartment';
import { $currentCityKladr, areaListQuery, cityListQuery, mergeAreaGroups, metroListQuery } from '@/entities/city';
import { presetsQuery } from '@/entities/preset';
import { $viewModes, ViewModeSwitch } from '@/features/view-mode';
import { $sessionFailed, $userId, sessionRetried } from '@/entities/session';
import { errorMessage, loadErrorText, OFFLINE_LOAD_MESSAGE } from '@/shared/api';
import { notificationShown } from '@/shared/model';
import { useHaptics } from '@/shared/ui';
import { ApartmentFeed } from '@/widgets/apartment-feed';
import { locationSummary, searchSummary } from './lib/summary';
import { TopMap } from './top-map';
import { PromoBlock } from './ui-parts/promo-block';
import { SearchSummary } from './ui-parts/search-summary';
import { profileFromPreset, useSaveTopProfile, useTopProfile } from '@/entities/top-profile';

/** HOME (TOP): the preset selector and the ranked feed. */
export function HomePage() {
  const [kladr, userId, notify, viewModes, sessionFailed, retrySession] = useUnit([
    $currentCityKladr,
    $userId,
    notificationShown,
    $viewModes,
    $sessionFailed,
    sessionRetried,
  ]);
  const cities = useQuery(cityListQuery());
  const city = cities.data?.find((c) => c.kladr === kladr);
  const presets = useQuery(presetsQuery('FREE_TOP', kladr));
  const profile = useTopProfile(userId);
  const save = useSaveTopProfile(userId);
  const haptics = useHaptics();

  // Spec §2 HOME: ?code=<preset code> picks that preset on load; the parameter then leaves the URL.
  const [search, setSearch] = useSearchParams();
  const code = search.get('code');
  useEffect(() => {
    if (!code || !profile.data || !presets.data || save.isPending) return;
    const wanted = presets.data.find((p) => p.template.code === code);
    if (wanted && profile.data.templateId !== wanted.template.id) {
      save.mutate(profileFromPreset(wanted, profile.data));
      return;
    }
    const next = new URLSearchParams(search);
    next.delete('code');
    setSearch(next, { replace: true });
  }, [code, profile.data, presets.data, save, search, setSearch]);

  // The profile follows the chosen city: a new profile, or one of another city, starts from the city's first preset —
  // unless the visitor has already picked one for this city (a tap while the session was still starting must win).
  const pickedFor = useRef<number | null>(null);
  useEffect(() => {
    const first = presets.data?.[0];
    if (!profile.data || !first || save.isPending || code || pickedFor.current === kladr) return;
    if (profile.data.cityIds[0] !== kladr || profile.data.templateId === null) save.mutate(profileFromPreset(first, profile.data));
  }, [profile.data, presets.data, kladr, save, code]);

  // The list waits for a preset of this city: no flash of a default list that is replaced a moment later.
  const params = profile.data && profile.data.cityIds[0] === kladr && profile.data.templateId !== null ? profile.data : null;
  const list = useQuery(topListQuery(userId, params));
  // Until the visitor's own TOP is known, the one the server rendered for a first visit stays on screen.
  const guestParams = presets.data?.[0] ? profileFromPreset(presets.data[0], undefined) : null;
  const guest = useQuery(topGuestListQuery(guestParams));
  const shownList = list.data ?? (params === null || list.isPending ? guest.data : undefined);
  const selected =
    presets.data?.find((p) => p.template.id === (profile.data?.templateId ?? (guest.data ? guestParams?.templateId : undefined))) ?? null;
  const areas = useQuery(areaListQuery([kladr]));
  const metro = useQuery(metroListQuery([kladr], city?.hasMetro ?? false));
  // The summary describes what is on screen: the visitor's profile, or the first preset while the server's TOP shows.
  const shownParams = params ?? (guest.data ? guestParams : null);
  const summary = (() => {
    if (!shownParams || shownParams.priceTotalMinGte == null || shownParams.priceTotalMinLte == null) return null;
    const areaIds = new Set(shownParams.areaIds ?? []);
    const metroIds = new Set(shownParams.metroIds ?? []);
    const merged = areas.data ? mergeAreaGroups(areas.data) : null;
    const areaNames = merged ? [...merged.city, ...merged.region].filter((a) => areaIds.has(a.id)).map((a) => a.name) : [];
    const metroNames = (metro.data ?? []).filter((m) => metroIds.has(m.id)).map((m) => m.name);
    const rooms = shownParams.roomsCntForFilter ?? [];
    return searchSummary(
      selected?.template.title ?? 'Ваша подборка',
      rooms,
      (shownParams.priceTotalMinGte + shownParams.priceTotalMinLte) / 2,
      locationSummary(metroNames, areaNames),
    );
  })();

  // What keeps the list from coming: without a session, presets or the profile it can never be asked for.
  const failed = [list, profile, presets].find((query) => query.isError);
  const failure = failed ? loadErrorText('подборку', failed.error) : sessionFailed && userId === null ? OFFLINE_LOAD_MESSAGE : null;

  return (
    <section>
      <h1 className="kv-page-title">ТОП {city ? `в ${city.prepositional}` : ''}</h1>
      <div className="kv-presets" role="radiogroup" aria-label="Подборки">
        {presets.isPending && <span className="kv-muted">Загружаем подборки…</span>}
        {presets.data?.map((preset) => (
          <button
            key={preset.template.id}
            type="button"
            role="radio"
            aria-checked={preset.template.id === selected?.template.id}
            className={`kv-chip${preset.template.id === selected?.template.id ? ' is-on' : ''}`}
            // Until the visitor's own profile is known a pick would be overwritten by it.
            disabled={save.isPending || !profile.data}
            onClick={() => {
              haptics.selection();
              pickedFor.current = kladr;
              save.mutate(profileFromPreset(preset, profile.data), {
                onError: (error) => notify({ text: `Не удалось выбрать подборку: ${errorMessage(error)}` }),
              });
            }}
          >
            {preset.template.title}
          </button>
        ))}
      </div>
      {summary && <SearchSummary preset={selected} text={summary} found={shownList ? shownList.meta.totalItems : null} />}
      <PromoBlock />
      <ViewModeSwitch route="home" />
      {viewModes.home === 'map' ? (
        <TopMap userId={userId} params={params} />
      ) : (
        <ApartmentFeed
          items={shownList?.items}
          isLoading={!shownList && !failure && (profile.isPending || params === null || list.isPending)}
          error={shownList ? null : failure}
          emptyText="По этим параметрам квартир пока нет — выберите другую подборку."
          onRetry={() => {
            if (sessionFailed) retrySession();
            for (const query of [presets, profile, list, guest]) if (query.isError) void query.refetch();
          }}
        />
      )}
    </section>
  );
}
