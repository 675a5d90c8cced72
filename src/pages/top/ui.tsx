import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { topGuestListQuery, topListQuery } from '@/entities/apartment';
import { $currentCityKladr, areaListQuery, cityListQuery, mergeAreaGroups, metroListQuery } from '@/entities/city';
import { MortgageBuyerProvider } from '@/entities/mortgage';
import { presetsQuery } from '@/entities/preset';
import { $viewModes, ViewModeSwitch } from '@/features/view-mode';
import { $learned } from '@/features/react-to-apartment';
import { $sessionFailed, $userId, sessionRetried } from '@/entities/session';
import { errorMessage, loadErrorText, OFFLINE_LOAD_MESSAGE, type Preset } from '@/shared/api';
import { notificationShown } from '@/shared/model';
import { HydrationIsland, lazyComponent, useHaptics } from '@/shared/ui';
import { ApartmentFeed } from '@/widgets/apartment-feed';
import { locationSummary, searchSummary } from './lib/summary';
import { PromoBlock } from './ui-parts/promo-block';
import { SearchSummary } from './ui-parts/search-summary';
import { useKeptSeen } from './ui-parts/use-kept-seen';
import { profileFromPreset, useSaveTopProfile, useTopProfile, type TopProfile } from '@/entities/top-profile';

/**
 * The map view is a chunk of its own (the buildings' map, «Рядом со мной»): the list is the first screen of nearly
 * every visit, the map is shown once the buyer switches to it or their saved view is restored.
 */
const TopMap = lazyComponent(() => import('./top-map'), 'TopMap');

function MapLoading() {
  return (
    <div className="kv-map kv-map--loading" role="status">
      Загружаем карту…
    </div>
  );
}

/** Arrows move the focus among a radio group's chips (Space picks one, as Enter does a link). */
function moveAmongRadios(event: KeyboardEvent<HTMLDivElement>) {
  const radios = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')];
  const at = radios.indexOf(event.target as HTMLElement);
  if (at < 0) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (event.key === ' ') {
    event.preventDefault();
    radios[at]!.click();
  } else if (step !== undefined) {
    event.preventDefault();
    radios[(at + step + radios.length) % radios.length]!.focus();
  }
}

/** HOME (TOP): the preset selector and the ranked feed. */
export function TopPage() {
  const [kladr, userId, notify, viewModes, sessionFailed, retrySession, learned] = useUnit([
    $currentCityKladr,
    $userId,
    notificationShown,
    $viewModes,
    $sessionFailed,
    sessionRetried,
    $learned,
  ]);
  const cities = useQuery(cityListQuery());
  const city = cities.data?.find((c) => c.kladr === kladr);
  const presets = useQuery(presetsQuery('FREE_TOP', kladr));
  const profile = useTopProfile(userId);
  const save = useSaveTopProfile(userId);
  const haptics = useHaptics();
  /** Saves a picked preset; a failure says why and offers «Повторить» (the chip stays on the preset that is saved). */
  const mutateSave = save.mutate;
  const choose = useCallback(
    (preset: Preset, previous: TopProfile) => {
      const body = profileFromPreset(preset, previous);
      const send = () =>
        mutateSave(body, { onError: (error) => notify({ text: `Не удалось выбрать подборку: ${errorMessage(error)}`, retry: send }) });
      send();
    },
    [mutateSave, notify],
  );
  /** The city the visitor has picked a preset in (see the effect that follows the chosen city). */
  const pickedFor = useRef<number | null>(null);

  // Spec §2 HOME: ?code=<preset code> picks that preset on load; the parameter then leaves the URL. A chip is a link to
  // it, so a tap before the page is interactive (a plain navigation then) or before the visitor's profile is known
  // (the code waits in the URL) is applied as soon as it can be.
  const [search, setSearch] = useSearchParams();
  const code = search.get('code');
  const appliedCode = useRef<string | null>(null);
  useEffect(() => {
    if (!code || !profile.data || !presets.data || save.isPending) return;
    const wanted = presets.data.find((p) => p.template.code === code);
    if (wanted && profile.data.templateId !== wanted.template.id && appliedCode.current !== code) {
      // Once per code: a failed save is reported, not retried in a loop.
      appliedCode.current = code;
      pickedFor.current = kladr;
      choose(wanted, profile.data);
      return;
    }
    appliedCode.current = null;
    const next = new URLSearchParams(search);
    next.delete('code');
    void setSearch(next, { replace: true });
  }, [code, profile.data, presets.data, save, search, setSearch, kladr, choose]);

  // The profile follows the chosen city: a new profile, or one of another city, starts from the city's first preset —
  // unless the visitor has already picked one for this city (a tap while the session was still starting must win).
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
  // Once the visitor's own TOP has shown, a change of settings waits for its new list (the feed shows it is loading):
  // the first-visit TOP of another price window must not stand under a summary that already names the new one.
  const ownListShown = useRef(false);
  useEffect(() => {
    if (list.data) ownListShown.current = true;
  }, [list.data]);
  const shownList = list.data ?? (params === null || (list.isPending && !ownListShown.current) ? guest.data : undefined);
  // A pick still on its way (a code in the URL) shows as chosen at once — once hydrated: the server rendered the page
  // without its query string, and hydration must find the same markup. Known from an effect, and only with a code: a
  // store read in hydration would re-render the whole page synchronously right after it, on every visit.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (code) setHydrated(true);
  }, [code]);
  const pending = (hydrated && code ? presets.data?.find((p) => p.template.code === code) : undefined) ?? null;
  const selected =
    pending ??
    presets.data?.find((p) => p.template.id === (profile.data?.templateId ?? (guest.data ? guestParams?.templateId : undefined))) ??
    null;
  const areas = useQuery(areaListQuery([kladr]));
  const metro = useQuery(metroListQuery([kladr], city?.hasMetro ?? false));
  // The summary describes what is on screen: the visitor's profile, or the first preset while the server's TOP shows.
  const shownParams = params ?? (guest.data ? guestParams : null);
  // After a rating with reasons the list is read again: the cards already seen keep their places, the rest follows.
  const items = useKeptSeen(shownList?.items, learned?.apartmentId ?? null, JSON.stringify(shownParams));
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
      <div className="kv-presets" role="radiogroup" aria-label="Подборки" onKeyDown={moveAmongRadios}>
        {presets.isPending && <span className="kv-muted">Загружаем подборки…</span>}
        {presets.data?.map((preset) => (
          <Link
            key={preset.template.id}
            to={`/?code=${encodeURIComponent(preset.template.code)}`}
            replace
            role="radio"
            aria-checked={preset.template.id === selected?.template.id}
            // One Tab stop for the group, as a radio group has: the chosen chip (the first while none is), arrows move.
            tabIndex={preset.template.id === (selected ?? presets.data[0])?.template.id ? 0 : -1}
            className={`kv-chip${preset.template.id === selected?.template.id ? ' is-on' : ''}`}
            onClick={(event) => {
              haptics.selection();
              // Until the visitor's own profile is known (or while a save is on its way) the link's own navigation
              // leaves the code in the URL, and the effect above applies it then.
              if (!profile.data || save.isPending) return;
              event.preventDefault();
              pickedFor.current = kladr;
              choose(preset, profile.data);
            }}
          >
            {preset.template.title}
          </Link>
        ))}
      </div>
      {summary && <SearchSummary preset={selected} text={summary} found={shownList ? shownList.meta.totalItems : null} />}
      <HydrationIsland>
        <PromoBlock />
      </HydrationIsland>
      <ViewModeSwitch route="home" />
      {learned && shownList && (
        <p className="kv-muted kv-top-learned" role="status" data-testid="top-learned">
          {learned.text}
        </p>
      )}
      {viewModes.home === 'map' ? (
        <Suspense fallback={<MapLoading />}>
          <TopMap userId={userId} params={params} />
        </Suspense>
      ) : (
        <MortgageBuyerProvider value={params?.mortgageInfo ?? null}>
          <ApartmentFeed
            items={items}
            isLoading={!shownList && !failure && (profile.isPending || params === null || list.isPending)}
            error={shownList ? null : failure}
            emptyText="По этим параметрам квартир пока нет — выберите другую подборку."
            onRetry={() => {
              if (sessionFailed) retrySession();
              for (const query of [presets, profile, list, guest]) if (query.isError) void query.refetch();
            }}
          />
        </MortgageBuyerProvider>
      )}
    </section>
  );
}
