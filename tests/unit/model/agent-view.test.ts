import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $agentShowSold, $agentSort, agentShowSoldToggled, agentSortChosen, agentViewRestored } from '@/pages/agent';

describe('AGENT sort and show-sold persist under agentSort / agentShowSold (spec §3)', () => {
  it('defaults to SUGGESTION_DATE_DESC and hides sold', async () => {
    const scope = fork();
    await allSettled(agentViewRestored, { scope });
    expect(scope.getState($agentSort)).toBe('SUGGESTION_DATE_DESC');
    expect(scope.getState($agentShowSold)).toBe(false);
  });
  it('saves the choice and restores it; an unknown stored sort falls back to the default', async () => {
    const scope = fork();
    await allSettled(agentSortChosen, { scope, params: 'PRICE_DESC' });
    await allSettled(agentShowSoldToggled, { scope, params: true });
    expect([localStorage.getItem('agentSort'), localStorage.getItem('agentShowSold')]).toEqual(['PRICE_DESC', 'true']);
    const next = fork();
    await allSettled(agentViewRestored, { scope: next });
    expect(next.getState($agentSort)).toBe('PRICE_DESC');
    expect(next.getState($agentShowSold)).toBe(true);
    localStorage.setItem('agentSort', 'NONSENSE');
    await allSettled(agentViewRestored, { scope: next });
    expect(next.getState($agentSort)).toBe('SUGGESTION_DATE_DESC');
  });
});
