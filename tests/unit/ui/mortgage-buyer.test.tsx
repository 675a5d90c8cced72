import { act, render } from '@testing-library/react';
import type { MortgageInfo } from '@kvarta/contract/selection';
import { describe, expect, it } from 'vitest';
import { MortgageBuyerProvider, useMortgageBuyer } from '@/entities/mortgage/ui/mortgage-buyer';

function Fee() {
  const buyer = useMortgageBuyer();
  return <p>{buyer ? String(buyer.initialFee) : 'без покупателя'}</p>;
}

describe('the buyer a list is for', () => {
  it('a card reads the buyer, and the new one when the profile brings it', () => {
    const buyer = { initialFee: 1_500_000 } as MortgageInfo;
    const view = render(
      <MortgageBuyerProvider value={null}>
        <Fee />
      </MortgageBuyerProvider>,
    );
    expect(view.container.textContent).toBe('без покупателя');
    act(() =>
      view.rerender(
        <MortgageBuyerProvider value={buyer}>
          <Fee />
        </MortgageBuyerProvider>,
      ),
    );
    expect(view.container.textContent).toBe('1500000');
    view.unmount();
  });
});
