import { usePlatform } from '@platform';
import { useUnit } from 'effector-react';
import { replaceEqualDeep } from '@tanstack/react-query';
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { DemoBanner } from '@/entities/apartment';
import { CompareToggle } from '@/features/compare-apartments';
import { FavouriteMark } from '@/features/favourite-notes';
import { ReactableCard } from '@/features/react-to-apartment';
import { $theme } from '@/features/theme-toggle';
import type { ApartmentItem } from '@/shared/api';
import { apartmentModal } from '@/shared/model';
import { FEED_COLUMNS, HydrationIsland, InlineError, Masonry, useViewportWidth, type MasonryEntry } from '@/shared/ui';
import { adPositions } from '../lib/ads';
import { AdSlot } from './ad-slot';

/** The first row at the widest layout: their photos are what a visitor sees first. */
const PRIORITY_CARDS = 4;
/** Cards that always hydrate with the page (a phone's first screen); the rest when near the screen (see FeedEntry). */
const HYDRATED_FIRST = 2;

/** Memoised: when more cards join the feed, the ones on screen are not rendered again. */
const FeedCard = memo(function FeedCard({
  item,
  fromFavourites,
  priority,
}: {
  item: ApartmentItem;
  fromFavourites: boolean;
  priority: boolean;
}) {
  const open = useUnit(apartmentModal.opened);
  return (
    <ReactableCard
      item={item}
      withoutDislike={fromFavourites}
      priority={priority}
      extraActions={
        <>
          <CompareToggle apartmentId={item.id} variant="card" />
          {fromFavourites && <FavouriteMark apartmentId={item.id} />}
        </>
      }
      onOpen={(shown) => open({ item: shown, withoutDislike: fromFavourites, withoutRelevance: fromFavourites })}
    />
  );
});

/**
 * A card in its island. Memoised apart from the card: a new list with the same apartment object must not reach the
 * island (new children would make React hydrate a deferred island at once). Cards after a phone's first screen are deferred:
 * they hydrate as they come near the screen or are touched (a phone shows two of the dozen the server draws).
 */
const FeedEntry = memo(function FeedEntry({
  item,
  fromFavourites,
  priority,
  deferred,
}: {
  item: ApartmentItem;
  fromFavourites: boolean;
  priority: boolean;
  deferred: boolean;
}) {
  return (
    <HydrationIsland defer={deferred}>
      <FeedCard item={item} fromFavourites={fromFavourites} priority={priority} />
    </HydrationIsland>
  );
});

/** The new list, with each apartment that is deep-equal to the one shown before replaced by that earlier object. */
function useUnchangedKept(items: ApartmentItem[] | undefined): ApartmentItem[] | undefined {
  const shown = useRef(items);
  const kept = useMemo(() => {
    const before = new Map((shown.current ?? []).map((item) => [item.id, item]));
    return items?.map((item) => {
      const earlier = before.get(item.id);
      return earlier ? replaceEqualDeep(earlier, item) : item;
    });
  }, [items]);
  useEffect(() => {
    shown.current = kept;
  }, [kept]);
  return kept;
}

/** Skeletons while loading: 2 on phones, 8 otherwise (spec §9). The width as the masonry reads it: hydration-safe. */
function Skeletons() {
  const count = useViewportWidth() <= 600 ? 2 : 8;
  const entries = Array.from({ length: count }, (_, i) => ({
    key: i,
    node: <div className="kv-card kv-card--skeleton" data-testid="card-skeleton" />,
  }));
  return <Masonry entries={entries} breakpoints={FEED_COLUMNS} label="Загружаем квартиры" busy />;
}

/** The feed shared by TOP, AI search and favourites: cards with reactions, loading, empty and error states. */
export function ApartmentFeed({
  items: latestItems,
  isLoading,
  error,
  emptyText,
  emptyAction,
  onRetry,
  compact = false,
  fromFavourites = false,
}: {
  items: ApartmentItem[] | undefined;
  isLoading: boolean;
  error: string | null;
  emptyText: string;
  /** Where to go from an empty list (a link), so that it is not a dead end. */
  emptyAction?: ReactNode;
  onRetry?: () => void;
  compact?: boolean;
  /** FAV: cards open without dislike and AI index (spec §2). */
  fromFavourites?: boolean;
}) {
  // A new list (the visitor's own TOP replacing the server's, a reaction's refetch) arrives from the query cache as an
  // urgent update; deferred, its cards render in slices that yield to the browser while the old ones stay. Cards whose
  // apartment did not change keep their object, so their memoised card is not drawn again.
  const kept = useUnchangedKept(latestItems);
  const items = useDeferredValue(kept);
  const { ui } = usePlatform();

  const catchingUp = items !== kept && (items === undefined || items.length === 0);
  if (isLoading || catchingUp) return <Skeletons />;
  if (error) return <InlineError text={error} onRetry={onRetry} />;
  if (!items || items.length === 0) {
    const picture = (
      <img src={`${import.meta.env.BASE_URL}images/empty-feed.svg`} alt="Мало вариантов для подбора" width={200} height={140} />
    );
    // In Telegram an empty list is Telegram's own placeholder (a header and a description: it lays them out as a
    // definition list, which needs both); on the website, ours.
    if (ui)
      return (
        <ui.Root>
          <ui.Placeholder header="Здесь пока пусто" description={emptyText} action={emptyAction}>
            {picture}
          </ui.Placeholder>
        </ui.Root>
      );
    return (
      <div className="kv-empty">
        {picture}
        <p>{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  return (
    <>
      {items.some((item) => item.isDemo) && <DemoBanner />}
      <FeedEntries items={items} compact={compact} fromFavourites={fromFavourites} />
    </>
  );
}

/** Cards drawn in the first render (the server's, hydration's); the rest when the visitor scrolls towards them. */
const FIRST_RENDER_CARDS = 12;
/** How far below the screen the end of the drawn cards is when the rest start rendering. */
const REVEAL_AHEAD = '800px';

/**
 * The first dozen cards at once, the rest when the end of them comes within reach of the screen. A phone shows two
 * cards: drawing thirty while the page is still starting up (and its stores still settling, which makes React redo a
 * transition synchronously) held a slow phone's main thread for a third of a second. Cards are dealt into columns in
 * order, so the ones added later never move those already on screen.
 */
function useRevealedCount(total: number, end: RefObject<HTMLElement | null>): number {
  const [shown, setShown] = useState(Math.min(total, FIRST_RENDER_CARDS));
  useEffect(() => {
    const element = end.current;
    if (shown >= total || !element) return;
    const revealAll = () => startTransition(() => setShown(total));
    if (typeof IntersectionObserver === 'undefined') {
      revealAll();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && revealAll(), {
      rootMargin: `0px 0px ${REVEAL_AHEAD} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, total, end]);
  return Math.min(shown, total);
}

function FeedEntries({ items: all, compact, fromFavourites }: { items: ApartmentItem[]; compact: boolean; fromFavourites: boolean }) {
  // Ad slots take the codes of the theme on screen, and are made again when it changes (spec §9).
  const theme = useUnit($theme);
  const end = useRef<HTMLDivElement>(null);
  const items = all.slice(0, useRevealedCount(all.length, end));
  const ads = adPositions(items.length, compact);
  const entries: MasonryEntry[] = [];
  items.forEach((item, index) => {
    entries.push({
      key: item.id,
      // Each card hydrates on its own (its photo slider, its buttons): no one long task for the whole feed.
      node: <FeedEntry item={item} fromFavourites={fromFavourites} priority={index < PRIORITY_CARDS} deferred={index >= HYDRATED_FIRST} />,
    });
    const ad = ads.indexOf(index);
    if (ad >= 0) entries.push({ key: `ad-${ad}`, node: <AdSlot order={ad} theme={theme} /> });
  });
  return (
    <>
      <Masonry entries={entries} breakpoints={FEED_COLUMNS} label="Квартиры" />
      <div ref={end} className="kv-feed-end" aria-hidden="true" />
    </>
  );
}
