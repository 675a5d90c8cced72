import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiraSettings } from '../support/lira-settings';

describe('AI search settings: the buyer’s mortgage', () => {
  afterEach(() => vi.restoreAllMocks());

  const open = () => openLiraSettings();

  it('shows the spec’s defaults and saves what the buyer changes', async () => {
    const saved = await open();
    const fee = screen.getByRole<HTMLInputElement>('textbox', { name: 'Первоначальный взнос' });
    expect(fee.value.replace(/\s/g, '')).toBe('1000000');
    const user = userEvent.setup();
    await user.clear(fee);
    await user.type(fee, '2500000');
    await user.click(screen.getByRole('checkbox', { name: 'Есть дети' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.mortgageInfo).toMatchObject({
      initialFee: 2_500_000,
      monthlyPayment: 40_000,
      loanerInfo: { hasChildren: true, worksInIT: false },
    });
  });

  it('a payment over the server’s limit is said in Russian and nothing is saved', async () => {
    const saved = await open();
    const payment = screen.getByRole<HTMLInputElement>('textbox', { name: 'Платёж в месяц до' });
    const user = userEvent.setup();
    await user.clear(payment);
    await user.type(payment, '20000000');
    expect(screen.getByRole('alert').textContent).toBe('Платёж в месяц — не больше 10 000 000 ₽');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Сохранить' }).disabled).toBe(true);
    expect(saved).toHaveLength(0);
  });
});
