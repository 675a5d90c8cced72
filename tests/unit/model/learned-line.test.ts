import { allSettled, fork } from 'effector';
import { $userId } from '@/entities/session';
import { describe, expect, it } from 'vitest';
import { $learned, learnedLine, reactionRequested, sendReactionFx } from '@/features/react-to-apartment';
import { apartmentItemFixture } from '../support/apartment';

/** The server takes every reaction at once. */
const accepting = () => fork({ values: [[$userId, 7]], handlers: [[sendReactionFx, () => Promise.resolve({})]] });

describe('«Учли: …»: what a rating with reasons taught, said on the TOP', () => {
  it('names what now goes lower, in the order the reasons were given', () => {
    expect(learnedLine(['METRO'])).toBe('Учли: дальше от метро — ниже в списке');
    expect(learnedLine(['PRICE', 'KITCHEN'])).toBe('Учли: дороже, с маленькой кухней — ниже в списке');
    expect(learnedLine([])).toBeNull();
    expect(learnedLine(['UNKNOWN_REASON'])).toBeNull();
  });

  it('appears once the server has the dislike; a dislike without reasons says nothing; undoing the rating takes it back', async () => {
    const scope = accepting();
    const card = apartmentItemFixture({ id: 5 });
    await allSettled(reactionRequested, { scope, params: { item: card, action: 'DISLIKE', notices: [] } });
    expect(scope.getState($learned)).toBeNull();

    await allSettled(reactionRequested, { scope, params: { item: card, action: 'DISLIKE', notices: ['METRO'] } });
    expect(scope.getState($learned)).toEqual({ apartmentId: 5, text: 'Учли: дальше от метро — ниже в списке' });

    // Rating another flat without reasons keeps what this one taught.
    await allSettled(reactionRequested, { scope, params: { item: apartmentItemFixture({ id: 6 }), action: 'LIKE' } });
    expect(scope.getState($learned)?.apartmentId).toBe(5);

    await allSettled(reactionRequested, { scope, params: { item: { ...card, type: 'DISLIKED' }, action: 'RESET_REACTION' } });
    expect(scope.getState($learned)).toBeNull();
  });

  it('a refused dislike teaches nothing', async () => {
    const scope = fork({ values: [[$userId, 7]], handlers: [[sendReactionFx, () => Promise.reject(new Error('нет сети'))]] });
    void allSettled(reactionRequested, { scope, params: { item: apartmentItemFixture({ id: 7 }), action: 'DISLIKE', notices: ['PRICE'] } });
    await expect.poll(() => scope.getState($learned)).toBeNull();
  });
});
