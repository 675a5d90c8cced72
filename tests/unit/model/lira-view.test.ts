import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $liraShowSold, $liraSort, liraShowSoldToggled, liraSortChosen, liraViewRestored } from '@/pages/lira';

describe('AGENT sort and show-sold persist under liraSort / liraShowSold (spec §3)', () => {
  it('defaults to SUGGESTION_DATE_DESC and hides sold', async () => {
    const scope = fork();
    await allSettled(liraViewRestored, { scope });
    expect(scope.getState($liraSort)).toBe('SUGGESTION_DATE_DESC');
    expect(scope.getState($liraShowSold)).toBe(false);
  });
  it('saves the choice and restores it; an unknown stored sort falls back to the default', async () => {
    const scope = fork();
    await allSettled(liraSortChosen, { scope, params: 'PRICE_DESC' });
    await allSettled(liraShowSoldToggled, { scope, params: true });
    expect([localStorage.getItem('agentSort'), localStorage.getItem('agentShowSold')]).toEqual(['PRICE_DESC', 'true']);
    const next = fork();
    await allSettled(liraViewRestored, { scope: next });
    expect(next.getState($liraSort)).toBe('PRICE_DESC');
    expect(next.getState($liraShowSold)).toBe(true);
    localStorage.setItem('agentSort', 'NONSENSE');
    await allSettled(liraViewRestored, { scope: next });
    expect(next.getState($liraSort)).toBe('SUGGESTION_DATE_DESC');
  });
});
