import { useInfiniteQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { $liraProfile, $liraStatus, isLaunched, liraStatusRefreshRequested, liraVariantsQuery } from '@/entities/lira-profile';
import { MortgageBuyerProvider } from '@/entities/mortgage';
import { loadErrorText } from '@/shared/api';
import { ApartmentFeed } from '@/widgets/apartment-feed';
import { $liraShowSold, $liraSort } from '../model';

const STATUS_POLL_MS = 3_000;

/** The agent's suggestions, page after page while totalItems > page × size + size; polled while empty and running. */
export function LiraList({ userId }: { userId: number }) {
  const [status, sort, showSold, refresh, profile] = useUnit([
    $liraStatus,
    $liraSort,
    $liraShowSold,
    liraStatusRefreshRequested,
    $liraProfile,
  ]);
  const list = useInfiniteQuery(liraVariantsQuery(userId, sort, showSold, isLaunched(status)));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const firstCount = list.data?.pages[0]?.items.length ?? 0;
  // The server moves START to ACTIVE once the first batch exists: once it shows up, read the status (only the
  // status: the forms stay as they are) at once and then every few seconds until it changes.
  const starting = status === 'START' && firstCount > 0;
  useEffect(() => {
    if (!starting) return;
    refresh();
    const timer = setInterval(refresh, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [starting, refresh]);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && !isFetchingNextPage && void fetchNextPage(),
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Before setup the page says one thing once: the call to action is the status control's (Telegram's MainButton in the
  // Mini App); this shell only explains what happens after it.
  if (status === 'NOT_CREATED') {
    return (
      <div className="kv-empty kv-agent-shell" data-testid="agent-shell">
        <img src={`${import.meta.env.BASE_URL}images/empty-feed.svg`} alt="Мало вариантов для подбора" width={200} height={140} />
        <p>
          Расскажите ИИ-агенту, какую квартиру вы ищете: он подберёт варианты, будет учиться на ваших оценках и присылать новые в Telegram.
        </p>
      </div>
    );
  }
  const items = list.data?.pages.flatMap((p) => p.items);
  const total = list.data?.pages[0]?.meta.totalItems;
  return (
    <>
      {total !== undefined && total > 0 && (
        <p className="kv-summary" data-testid="agent-total">
          Подобрано квартир: {total}
        </p>
      )}
      {/* The cards' payments are for the buyer the search's settings describe. */}
      <MortgageBuyerProvider value={profile?.mortgageInfo ?? null}>
        <ApartmentFeed
          items={items}
          isLoading={list.isPending}
          error={list.isError ? loadErrorText('подборку', list.error) : null}
          emptyText={
            status === 'START'
              ? 'Агент уже ищет — первые квартиры появятся здесь через несколько секунд.'
              : 'Пока здесь пусто: новые варианты появятся, как только агент их найдёт.'
          }
          onRetry={() => void list.refetch()}
        />
      </MortgageBuyerProvider>
      {hasNextPage && (
        <div ref={sentinel} className="kv-agent-more">
          <button type="button" className="kv-button" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Загружаем…' : 'Показать ещё'}
          </button>
        </div>
      )}
    </>
  );
}
