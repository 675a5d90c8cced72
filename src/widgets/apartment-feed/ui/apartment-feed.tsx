import { useQueryClient } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { apartmentKeys } from '@/entities/apartment';
import { liraKeys } from '@/entities/lira-profile';
import { $reactionVersion, ReactableCard } from '@/features/react-to-apartment';
import type { ApartmentItem } from '@/shared/api';
import { modalOpened } from '@/shared/model';
import { FEED_COLUMNS, InlineError, Masonry, type MasonryEntry } from '@/shared/ui';
import { adPositions, adSlotCode } from '../lib/ads';
import { AdSlot } from './ad-slot';

function FeedCard({ item, fromFavourites }: { item: ApartmentItem; fromFavourites: boolean }) {
  const open = useUnit(modalOpened);
  return (
    <ReactableCard
      item={item}
      withoutDislike={fromFavourites}
      onOpen={(shown) => open({ id: 'apartment', props: { item: shown, withoutDislike: fromFavourites, withoutRelevance: fromFavourites } })}
    />
  );
}

/** Skeletons while loading: 2 on phones, 8 otherwise (spec §9). */
function Skeletons() {
  const count = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 600px)').matches ? 2 : 8;
  const entries = Array.from({ length: count }, (_, i) => ({ key: i, node: <div className="kv-card kv-card--skeleton" data-testid="card-skeleton" /> }));
  return <Masonry entries={entries} breakpoints={FEED_COLUMNS} label="Загружаем квартиры" busy />;
}

/** The feed shared by TOP, AI search and favourites: cards with reactions, loading, empty and error states. */
export function ApartmentFeed({
  items, isLoading, error, emptyText, onRetry, compact = false, theme = 'light', fromFavourites = false,
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
  const version = useUnit($reactionVersion);
  const queryClient = useQueryClient();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    // Favourites change with every like; ranked lists keep their order until the next visit, so cards
    // do not jump under the user's finger (the card shows its reaction from the optimistic state).
    void queryClient.invalidateQueries({ queryKey: fromFavourites ? apartmentKeys.all : apartmentKeys.allLiked });
    // A reaction in favourites resets the TOP and AI-search lists too (spec §4 Reactions).
    if (fromFavourites) void queryClient.invalidateQueries({ queryKey: liraKeys.all });
  }, [version, queryClient, fromFavourites]);

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
  const ads = adPositions(items.length, compact);
  const entries: MasonryEntry[] = [];
  items.forEach((item, index) => {
    entries.push({ key: item.id, node: <FeedCard item={item} fromFavourites={fromFavourites} /> });
    const ad = ads.indexOf(index);
    if (ad >= 0) entries.push({ key: `ad-${ad}`, node: <AdSlot code={adSlotCode(ad, theme)} /> });
  });
  return <Masonry entries={entries} breakpoints={FEED_COLUMNS} label="Квартиры" />;
}
