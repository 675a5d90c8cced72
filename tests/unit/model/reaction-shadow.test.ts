import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $userId, tokenReceived } from '@/entities/session';
import { $reactionShadows, reactionRequested, sendReactionFx } from '@/features/react-to-apartment';
import { ApiError } from '@/shared/api';
import { $notifications } from '@/shared/model';
import { apartmentItemFixture } from '../support/apartment';

function tokenFor(id: number, isAnonymous: boolean) {
  const payload = btoa(JSON.stringify({ id, isAnonymous, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return { token: `e30.${payload}.signature`, expires: 0, isAnonymous };
}

/** The server as a list of pending answers, answered by the test in the order it chooses. */
function server() {
  const sent: Array<{ id: number; action: string; answer: (ok: boolean) => void }> = [];
  const handler = ({ variables }: { variables: { item: { id: number }; action: string } }) =>
    new Promise<unknown>((resolve, reject) =>
      sent.push({
        id: variables.item.id,
        action: variables.action,
        answer: (ok) => (ok ? resolve({}) : reject(new ApiError('Сервис временно недоступен', 503))),
      }),
    );
  return { sent, scope: fork({ values: [[$userId, 7]], handlers: [[sendReactionFx, handler]] }) };
}

const shadowTypes = (scope: ReturnType<typeof fork>) =>
  Object.fromEntries(Object.entries(scope.getState($reactionShadows)).map(([id, shadow]) => [id, shadow.type]));

describe('reactions as an effector flow: a shadow per apartment over the server cache', () => {
  it('a like casts its shadow at once; a refusal takes it back and says so', async () => {
    const { scope, sent } = server();
    // Not awaited: the toast's own timer keeps the scope busy until it hides.
    void allSettled(reactionRequested, { scope, params: { item: apartmentItemFixture({ id: 1 }), action: 'LIKE' } });
    expect(shadowTypes(scope)).toEqual({ 1: 'LIKED' });
    sent[0]!.answer(false);
    await expect
      .poll(() => scope.getState($notifications).map((n) => n.text))
      .toEqual(['Оценка не сохранена — вернули как было. Сервис временно недоступен']);
    expect(shadowTypes(scope)).toEqual({});
  });

  it('one reaction in flight at a time: the next is sent once the one before it is answered', async () => {
    const { scope, sent } = server();
    void allSettled(reactionRequested, { scope, params: { item: apartmentItemFixture({ id: 1 }), action: 'LIKE' } });
    const second = allSettled(reactionRequested, {
      scope,
      params: { item: apartmentItemFixture({ id: 2 }), action: 'DISLIKE', notices: ['PRICE'] },
    });
    expect(sent.map((s) => s.id)).toEqual([1]);
    expect(shadowTypes(scope)).toEqual({ 1: 'LIKED', 2: 'DISLIKED' });
    expect(scope.getState($reactionShadows)[2]!.notices.map((n) => n.title)).toEqual(['Цена']);
    sent[0]!.answer(true);
    await expect.poll(() => sent.map((s) => s.id)).toEqual([1, 2]);
    sent[1]!.answer(true);
    await second;
    expect(shadowTypes(scope)).toEqual({ 1: 'LIKED', 2: 'DISLIKED' });
  });

  it('a refused press takes back only its own shadow, never a later press on the same card', async () => {
    const { scope, sent } = server();
    const item = apartmentItemFixture({ id: 1 });
    void allSettled(reactionRequested, { scope, params: { item, action: 'LIKE' } });
    void allSettled(reactionRequested, { scope, params: { item: { ...item, type: 'LIKED' }, action: 'RESET_REACTION' } });
    sent[0]!.answer(false);
    await expect.poll(() => sent.length).toBe(2);
    expect(shadowTypes(scope)).toEqual({ 1: 'NOT_VIEWED' });
  });

  it('a new identity starts with no shadows (another person’s reactions are not this one’s)', async () => {
    const { scope, sent } = server();
    await allSettled(tokenReceived, { scope, params: tokenFor(7, true) });
    const liked = allSettled(reactionRequested, { scope, params: { item: apartmentItemFixture({ id: 1 }), action: 'LIKE' } });
    sent[0]!.answer(true);
    await liked;
    expect(shadowTypes(scope)).toEqual({ 1: 'LIKED' });
    await allSettled(tokenReceived, { scope, params: tokenFor(7, false) });
    expect(shadowTypes(scope)).toEqual({});
  });
  it('a press before the session exists is shown at once and sent when the session arrives (a like on the first screen)', async () => {
    const sent: Array<{ id: number; action: string }> = [];
    const handler = ({ variables }: { variables: { item: { id: number }; action: string } }) => {
      sent.push({ id: variables.item.id, action: variables.action });
      return Promise.resolve({});
    };
    const scope = fork({ handlers: [[sendReactionFx, handler]] });
    await allSettled(reactionRequested, { scope, params: { item: apartmentItemFixture({ id: 31 }), action: 'LIKE' } });
    expect(shadowTypes(scope)).toEqual({ 31: 'LIKED' });
    expect(sent).toHaveLength(0);
    await allSettled(tokenReceived, { scope, params: tokenFor(7, true) });
    expect(sent).toEqual([{ id: 31, action: 'LIKE' }]);
    expect(shadowTypes(scope)).toEqual({ 31: 'LIKED' });
  });
});
