import { describe, expect, it } from 'vitest';
import { keepSeen } from '@/pages/top/lib/keep-seen';
import { apartmentItemFixture } from '../support/apartment';

const card = (id: number, relevancePercent: number) => apartmentItemFixture({ id, relevancePercent });
const ids = (items: readonly { id: number }[]) => items.map((i) => i.id);

describe('TOP after a rating with reasons: seen cards stay, the rest follows what was learned', () => {
  const shown = [card(1, 80), card(2, 78), card(3, 75), card(4, 70), card(5, 66)];

  it('cards down to the rated one keep their places with their new index; the cards below come in the fresh order', () => {
    const fresh = [card(4, 82), card(1, 79), card(6, 77), card(5, 60), card(3, 55)];
    const merged = keepSeen(shown, fresh, 2);
    expect(ids(merged)).toEqual([1, 2, 4, 6, 5]);
    // Card 1 shows its new index; card 2 (rated, now out of the fresh list) keeps the one it had.
    expect(merged.map((i) => i.relevancePercent)).toEqual([79, 78, 82, 77, 60]);
  });

  it('with no rating on screen the fresh list stands as it came', () => {
    const fresh = [card(9, 90), card(8, 85)];
    expect(keepSeen(shown, fresh, null)).toEqual(fresh);
    expect(keepSeen(shown, fresh, 42)).toEqual(fresh);
  });
});
