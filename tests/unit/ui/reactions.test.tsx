import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { allSettled, fork } from 'effector';
import { useUnit } from 'effector-react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { topKeys, topListQuery, type TopListParams } from '@/entities/apartment';
import { $userId, tokenReceived } from '@/entities/session';
import { ReactableCard } from '@/features/react-to-apartment';
import { endpoints, type ApartmentItem } from '@/shared/api';
import { serverCacheAttached } from '@/app/server-cache';
import { $notifications } from '@/shared/model';
import { apartmentItemFixture } from '../support/apartment';
import { ok, useNetwork } from '../support/network';
import { renderWithApp } from '../support/render';

const network = useNetwork();
const at = (path: string) => `*/api${path}`;
const refusal = (message: string, status: number) =>
  HttpResponse.json({ result: 'error', message, statusCode: status, detail: null }, { status });

const PARAMS: TopListParams = { cityIds: [7800000000000], priceTotalMinGte: 8_000_000, priceTotalMinLte: 14_000_000 };
const ANONYMOUS = 7;
const SIGNED_IN = 9;

/** A token the client can read (the server verifies it; the client only reads id, exp and isAnonymous). */
function tokenFor(id: number, isAnonymous: boolean) {
  const payload = btoa(JSON.stringify({ id, isAnonymous, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return { token: `e30.${payload}.signature`, expires: 0, isAnonymous };
}

/** The TOP as the page reads it: the current user's list from the cache, each card with its reactions. */
function TopFeed() {
  const userId = useUnit($userId);
  const list = useQuery(topListQuery(userId, PARAMS));
  return (
    <>
      {list.data?.items.map((item) => (
        <ReactableCard key={item.id} item={item} />
      ))}
    </>
  );
}

const page = (items: ApartmentItem[]) => ({ items, meta: { totalItems: items.length, page: 0, size: 30 } });

describe('reactions: the card is its cached item under the buyer’s own reaction (the shadow)', () => {
  it('a like shows at once; when the server refuses it, the card is rolled back and the user is told', async () => {
    let refuse: () => void = () => {};
    network.use(
      http.post(
        at(endpoints.topReaction.path),
        () => new Promise<Response>((resolve) => (refuse = () => resolve(refusal('Доступ запрещён', 403)))),
      ),
    );
    const view = renderWithApp(<TopFeed />, {
      // A card links (the AI index's note names the recommendation rules): inside a router, as in the app.
      route: '/',
      scope: fork({ values: [[$userId, ANONYMOUS]] }),
      queryData: [[topKeys.list(ANONYMOUS, PARAMS), page([apartmentItemFixture()])]],
      queryDefaults: { staleTime: Infinity },
    });

    fireEvent.click(screen.getByRole('button', { name: '♡ Нравится' }));
    // Optimistic: the card says so before the server answers; its buttons wait for the answer.
    const liked = await screen.findByRole('button', { name: '♥ В избранном' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Не нравится' }).getAttribute('aria-disabled')).toBe('true');
    // The server cache is never rewritten: the like lies over it.
    expect(view.client.getQueryData<ReturnType<typeof page>>(topKeys.list(ANONYMOUS, PARAMS))?.items[0]?.type).toBe('NOT_VIEWED');

    await act(async () => refuse());

    const back = await screen.findByRole('button', { name: '♡ Нравится' });
    expect(back.getAttribute('aria-pressed')).toBe('false');
    expect(view.client.getQueryData<ReturnType<typeof page>>(topKeys.list(ANONYMOUS, PARAMS))?.items[0]?.type).toBe('NOT_VIEWED');
    expect(view.scope.getState($notifications).map((n) => [n.type, n.text])).toEqual([
      ['error', 'Оценка не сохранена — вернули как было. Доступ запрещён'],
    ]);
    await waitFor(() => expect(back.getAttribute('aria-disabled')).toBe('false'));
  });

  it('after signing in, a like given in another channel (the bot) shows, whatever was pressed here before', async () => {
    const item = apartmentItemFixture();
    // What the server knows: the anonymous visitor has no reaction; the account liked it in the bot.
    const reactionOf = new Map<number, ApartmentItem['type']>([[SIGNED_IN, 'LIKED']]);
    let asking = ANONYMOUS;
    network.use(
      http.post(at(endpoints.topReaction.path), () => HttpResponse.json(ok({ apartmentId: item.id, action: 'LIKE' }))),
      http.post(at(endpoints.topList.path), () => HttpResponse.json(ok(page([{ ...item, type: reactionOf.get(asking) ?? 'NOT_VIEWED' }])))),
    );
    const scope = fork();
    const view = renderWithApp(<TopFeed />, {
      // A card links (the AI index's note names the recommendation rules): inside a router, as in the app.
      route: '/',
      scope,
    });
    await act(async () => {
      await allSettled(serverCacheAttached, { scope, params: view.client });
      await allSettled(tokenReceived, { scope, params: tokenFor(ANONYMOUS, true) });
    });

    // Liked and taken back here, anonymously.
    fireEvent.click(await screen.findByRole('button', { name: '♡ Нравится' }));
    fireEvent.click(await screen.findByRole('button', { name: '♥ В избранном', pressed: true }));
    const unliked = await screen.findByRole('button', { name: '♡ Нравится' });
    await waitFor(() => expect(unliked.getAttribute('aria-disabled')).toBe('false'));

    // Signing in merges the visitor into the account: another identity, whose reactions the server has.
    asking = SIGNED_IN;
    await act(async () => {
      await allSettled(tokenReceived, { scope, params: tokenFor(SIGNED_IN, false) });
    });
    const fromTheBot = await screen.findByRole('button', { name: '♥ В избранном' });
    expect(fromTheBot.getAttribute('aria-pressed')).toBe('true');
  });

  it('a list answered while a like travels (asked after the press, answered before the save) still shows the like', async () => {
    const item = apartmentItemFixture();
    let answerReaction: () => void = () => {};
    network.use(
      http.post(
        at(endpoints.topReaction.path),
        () =>
          new Promise<Response>(
            (resolve) => (answerReaction = () => resolve(HttpResponse.json(ok({ apartmentId: item.id, action: 'LIKE' })))),
          ),
      ),
      http.post(at(endpoints.topList.path), () => HttpResponse.json(ok(page([{ ...item, type: 'NOT_VIEWED' }])))),
    );
    const view = renderWithApp(<TopFeed />, {
      // A card links (the AI index's note names the recommendation rules): inside a router, as in the app.
      route: '/',
      scope: fork({ values: [[$userId, ANONYMOUS]] }),
      queryData: [[topKeys.list(ANONYMOUS, PARAMS), page([item])]],
      queryDefaults: { staleTime: Infinity },
    });

    fireEvent.click(screen.getByRole('button', { name: '♡ Нравится' }));
    await screen.findByRole('button', { name: '♥ В избранном' });
    // The list is read again after the press and answered before the server has the like: it comes unrated.
    await act(async () => {
      await view.client.refetchQueries({ queryKey: topKeys.list(ANONYMOUS, PARAMS), exact: true });
    });
    expect(view.client.getQueryData<ReturnType<typeof page>>(topKeys.list(ANONYMOUS, PARAMS))?.items[0]?.type).toBe('NOT_VIEWED');
    expect(screen.getByRole('button', { name: '♥ В избранном' }).getAttribute('aria-pressed')).toBe('true');

    await act(async () => answerReaction());
    const liked = await screen.findByRole('button', { name: '♥ В избранном' });
    await waitFor(() => expect(liked.getAttribute('aria-disabled')).toBe('false'));
    expect(liked.getAttribute('aria-pressed')).toBe('true');
  });

  it('AI-search items go to the LIRA feedback endpoint, the others to the TOP one', async () => {
    const sent: Array<[string, unknown]> = [];
    network.use(
      http.post('*/api/selection/*', async ({ request }) => {
        const body: unknown = await request.json();
        sent.push([new URL(request.url).pathname.replace(/^\/api/, ''), body]);
        return HttpResponse.json(ok(body));
      }),
    );
    renderWithApp(
      <>
        <ReactableCard item={apartmentItemFixture({ id: 7, selectionType: 'LIRA_4' })} />
        <ReactableCard item={apartmentItemFixture({ id: 8, selectionType: 'LEXS' })} />
      </>,
      { scope: fork({ values: [[$userId, ANONYMOUS]] }), route: '/' },
    );
    const [lira, top] = screen.getAllByRole('button', { name: '♡ Нравится' });
    fireEvent.click(lira!);
    await waitFor(() => expect(top!.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(top!);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      [endpoints.liraFeedback.path, { apartmentId: 7, action: 'LIKE', notices: [] }],
      [endpoints.topReaction.path, { apartmentId: 8, action: 'LIKE', notices: [] }],
    ]);
  });
});
