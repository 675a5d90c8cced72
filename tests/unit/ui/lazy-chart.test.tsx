import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceChart } from '@/pages/apart/ui/price-chart';

describe('a price chart that fails to draw', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says so with «Повторить», and a retry draws it', async () => {
    // The first attempt fails as a chart whose chunk or canvas is not there would; the retry draws.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementationOnce(() => {
      throw new Error('canvas unavailable');
    });
    const series = [{ label: 'Эта квартира, ₽ за м²', points: [{ at: Date.UTC(2026, 0, 1), value: 200_000 }] }];
    render(<PriceChart series={series} label="История цены" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить график. Проверьте подключение к интернету.');
    const canvas = screen.getByTestId('price-chart');
    expect(canvas.getAttribute('data-state')).toBe('error');

    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(canvas.getAttribute('data-state')).toBe('ready'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
