import { useGate, useUnit } from 'effector-react';
import { memo, startTransition, useEffect, useState } from 'react';
import { ReactableCard } from '@/features/react-to-apartment';
import type { ApartmentItem } from '@/shared/api';
import { apartmentModal } from '@/shared/model';
import { FEED_COLUMNS, InlineError, Masonry, useViewportWidth, type MasonryEntry } from '@/shared/ui';
import { adPositions, adSlotCode } from '../lib/ads';
import { FeedGate } from '../model/feed';
import { AdSlot } from './ad-slot';

/** The first row at the widest layout: their photos are what a visitor sees first. */
const PRIORITY_CARDS = 4;

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
      onOpen={(shown) => open({ item: shown, withoutDislike: fromFavourites, withoutRelevance: fromFavourites })}
    />
  );
});

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
  items,
  isLoading,
  error,
  emptyText,
  onRetry,
  compact = false,
  theme = 'light',
  fromFavourites = false,
}: {
  items: ApartmentItem[] | undefined;
  isLoading: boolean;
  error: string | null;
  emptyText: string;
  onRetry?: () => void;
  compact?: boolean;
  theme?: 'light' | 'dark';
  /** FAV: cards open without dislike and AI index, and a reaction here resets the other lists (spec §2, §4). */
  fromFavourites?: boolean;
}) {
  // Saved reactions read the lists again (model/feed.ts); the gate tells it which feed is on screen.
  useGate(FeedGate, { fromFavourites });

  if (isLoading) return <Skeletons />;
  if (error) return <InlineError text={error} onRetry={onRetry} />;
  if (!items || items.length === 0) {
    return (
      <div className="kv-empty">
        <img src={`${import.meta.env.BASE_URL}images/empty-feed.svg`} alt="Мало вариантов для подбора" width={200} height={140} />
        <p>{emptyText}</p>
      </div>
    );
  }
  return <FeedEntries items={items} compact={compact} theme={theme} fromFavourites={fromFavourites} />;
}

/** Cards drawn in the first render (the server's, hydration's); the rest follow right after it. */
const FIRST_RENDER_CARDS = 12;

/**
 * The first dozen cards at once, the rest once the page has painted and hydrated: a page of thirty costs the first
 * render (and the HTML) less than half. Cards are dealt into columns in order, so the ones added later never move
 * those already on screen.
 */
function useProgressiveCount(total: number): number {
  const [shown, setShown] = useState(Math.min(total, FIRST_RENDER_CARDS));
  useEffect(() => {
    if (shown >= total) return;
    // A transition renders in slices that yield to input: the rest of the feed never blocks a tap on a first card.
    const show = () => startTransition(() => setShown(total));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 500 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(show, 50);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}

function FeedEntries({
  items: all,
  compact,
  theme,
  fromFavourites,
}: {
  items: ApartmentItem[];
  compact: boolean;
  theme: 'light' | 'dark';
  fromFavourites: boolean;
}) {
  const items = all.slice(0, useProgressiveCount(all.length));
  const ads = adPositions(items.length, compact);
  const entries: MasonryEntry[] = [];
  items.forEach((item, index) => {
    entries.push({
      key: item.id,
      node: <FeedCard item={item} fromFavourites={fromFavourites} priority={index < PRIORITY_CARDS} />,
    });
    const ad = ads.indexOf(index);
    if (ad >= 0) entries.push({ key: `ad-${ad}`, node: <AdSlot code={adSlotCode(ad, theme)} /> });
  });
  return <Masonry entries={entries} breakpoints={FEED_COLUMNS} label="Квартиры" />;
}
