import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apartKeys, type SelectionInfo } from '@/entities/apartment';
import { AiIndex } from '@/pages/apart/ui/ai-index';

function renderWith(info: SelectionInfo) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(apartKeys.selectionInfo(info.apartmentId), info);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AiIndex apartmentId={info.apartmentId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const base: SelectionInfo = {
  apartmentId: 7,
  relevancePercent: 83,
  fairPrice: { fairPrice: 10_000_000, deltaPercent: -5, verdict: 'На 5 % ниже рынка' },
  availableNoticeList: { Квартира: [], Расположение: [] },
  wishesTexts: [],
};

describe('APART AI index', () => {
  it('with an agent profile: the index and one explained meter per wish', () => {
    renderWith({
      ...base,
      wishesTexts: [
        { code: 'METRO_NEARBY', title: 'Метро рядом', percent: 90, text: 'До метро 7 минут пешком' },
        { code: 'BIG_KITCHEN', title: 'Большая кухня', percent: 40, text: 'Кухня 8 м² — меньше желаемого' },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Индекс AI' })).toBeTruthy();
    expect(screen.getByText('AI 83 %')).toBeTruthy();
    const meters = screen.getAllByRole('meter');
    expect(meters.map((m) => [m.getAttribute('aria-label'), m.getAttribute('aria-valuenow')])).toEqual([
      ['Метро рядом', '90'],
      ['Большая кухня', '40'],
    ]);
    expect(screen.getByText('Кухня 8 м² — меньше желаемого')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ИИ Поиск' })).toBeNull();
  });

  it('without an agent profile: no number, an invitation to ИИ Поиск', () => {
    renderWith(base);
    expect(screen.queryByText(/AI \d+ %/)).toBeNull();
    expect(screen.getByRole('link', { name: 'ИИ Поиск' }).getAttribute('href')).toBe('/agent');
  });
});
