import { renderWithApp } from '../support/render';
import { act, fireEvent, screen } from '@testing-library/react';
import { fork } from 'effector';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SellerCard } from '@/entities/apartment/ui/seller-card';
import { ExternalLinkPage, leaveFx } from '@/pages/external-link';
import { externalLinkPath, externalLinkTo } from '@/shared/lib';

const SELLER_SITE = 'https://agency.example.ru/';
const FOREIGN = 'https://phishing.example.com/login';

/** The page at `/external-link#…`, reached either by a bare address (typed, or linked from elsewhere) or from `start`. */
function renderPage(start: string | { pathname: string; hash: string; state?: unknown }, elsewhere = <p>ещё страница</p>) {
  const leave = vi.fn();
  const view = renderWithApp(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/external-link" element={<ExternalLinkPage />} />
        <Route path="*" element={elsewhere} />
      </Routes>
    </MemoryRouter>,
    { scope: fork({ handlers: [[leaveFx, leave]] }) },
  );
  return { ...view, leave };
}

describe('EXTERNAL_LINK goes on by itself only to a target our own page linked to', () => {
  it('an address nobody of ours linked to (an open redirect attempt): shown with a button, no countdown, no redirect', async () => {
    vi.useFakeTimers();
    const { leave } = renderPage(externalLinkPath(FOREIGN));
    expect(screen.getByText(FOREIGN)).toBeTruthy();
    expect(screen.queryByTestId('countdown')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(leave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Перейти на сайт' }));
    expect(leave).toHaveBeenCalledWith(FOREIGN);
  });

  it('a link on our page (the seller’s site) counts down 5 s and goes on by itself', async () => {
    vi.useFakeTimers();
    const seller = {
      name: 'Ключ',
      organization: null,
      category: 'AGENCY' as const,
      phone: null,
      email: null,
      url: SELLER_SITE,
      photo: null,
    };
    const { leave } = renderPage('/spb/apart/7', <SellerCard seller={seller} isDemo={false} />);
    fireEvent.click(screen.getByTestId('seller-site'));
    expect(screen.getByText(SELLER_SITE)).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('5 сек');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(leave).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(leave).toHaveBeenCalledWith(SELLER_SITE);
  });

  it('a voucher for one target does not carry over to another address in the hash', async () => {
    vi.useFakeTimers();
    const { leave } = renderPage({
      pathname: '/external-link',
      hash: `#${encodeURIComponent(FOREIGN)}`,
      state: externalLinkTo(SELLER_SITE).state,
    });
    expect(screen.queryByTestId('countdown')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(leave).not.toHaveBeenCalled();
  });
});
