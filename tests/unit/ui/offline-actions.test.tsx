import { act, fireEvent, screen, within } from '@testing-library/react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $userId } from '@/entities/session';
import { ReactableCard } from '@/features/react-to-apartment';
import { ApiError, NETWORK_ERROR_MESSAGE, createQueryClient, endpoints, type ApartmentItem } from '@/shared/api';
import { HttpResponse, http } from 'msw';
import { apiRoute, ok, useNetwork } from '../support/network';
import { Toasts } from '@/shared/ui';
import { apartmentItemFixture } from '../support/apartment';
import { renderWithApp } from '../support/render';

const network = useNetwork();

const TOP_KEY = ['top', 5, 'list'] as const;

/** One TOP card read from the cache, as the feed shows it, and the toasts. */
function CachedCard() {
  const list = useQuery({ queryKey: TOP_KEY, queryFn: () => new Promise<ApartmentItem[]>(() => {}), staleTime: Infinity });
  const item = list.data?.[0];
  return (
    <>
      {item && <ReactableCard item={item} />}
      <Toasts />
    </>
  );
}

function renderCard() {
  const client = createQueryClient();
  client.setQueryData(TOP_KEY, [apartmentItemFixture()]);
  return renderWithApp(<CachedCard />, { scope: fork({ values: [[$userId, 5]] }), client, route: '/' });
}

describe('an action taken offline says what failed, rolls back and offers «Повторить»', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.restoreAllMocks();
  });

  it('a like while the browser is offline is sent (not paused), fails, is taken back and reported with «Повторить»', async () => {
    onlineManager.setOnline(false);
    let connected = false;
    const sent: unknown[] = [];
    network.use(
      http.post(apiRoute(endpoints.topReaction.path), async ({ request }) => {
        sent.push(await request.json());
        return connected ? HttpResponse.json(ok({ apartmentId: 101, action: 'LIKE' })) : HttpResponse.error();
      }),
    );
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: '♡ Нравится' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Оценка не сохранена — вернули как было.');
    expect(toast.textContent).toContain(NETWORK_ERROR_MESSAGE);
    // Rolled back: the card shows no like.
    expect(screen.getByRole('button', { name: '♡ Нравится' }).getAttribute('aria-pressed')).toBe('false');
    expect(sent).toHaveLength(1);

    // Back online, «Повторить» sends the same like again; this time it holds.
    onlineManager.setOnline(true);
    connected = true;
    fireEvent.click(within(toast).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('button', { name: '♥ В избранном' })).toBeTruthy();
    expect(sent).toEqual([
      { apartmentId: 101, action: 'LIKE', notices: [] },
      { apartmentId: 101, action: 'LIKE', notices: [] },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a read while offline fails at once instead of waiting for the connection', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const failing = vi.fn(() => Promise.reject(new ApiError(NETWORK_ERROR_MESSAGE, 0)));
    let error: unknown = null;
    await act(async () => {
      error = await client.fetchQuery({ queryKey: ['favourites', 5], queryFn: failing, retry: false }).catch((e: unknown) => e);
    });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
  });
});
