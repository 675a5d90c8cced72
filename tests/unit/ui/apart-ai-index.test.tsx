import { renderWithApp } from '../support/render';
import { screen } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectionInfoKeys, type SelectionInfo } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { AiIndex } from '@/pages/apart/ui/ai-index';
import { http } from 'msw';
import { never, useNetwork } from '../support/network';

const network = useNetwork();

/** Renders for `viewer` with `info` cached for `cachedFor` (the same user unless said otherwise). */
function renderWith(info: SelectionInfo, viewer = 5, cachedFor = viewer) {
  return renderWithApp(<AiIndex apartmentId={info.apartmentId} />, {
    scope: fork({ values: [[$userId, viewer]] }),
    queryData: [[selectionInfoKeys.of(info.apartmentId, cachedFor), info]],
    queryDefaults: { staleTime: Infinity },
    route: '/',
  });
}

const base: SelectionInfo = {
  apartmentId: 7,
  relevancePercent: 83,
  fairPrice: { fairPrice: 10_000_000, deltaPercent: -5, verdict: 'На 5 % ниже рынка' },
  availableNoticeList: { Квартира: [], Расположение: [] },
  wishesTexts: [],
};

describe('APART AI index', () => {
  afterEach(() => vi.restoreAllMocks());

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

  it("without an agent profile: the preset's wishes explain the same index, and the page still invites to AI search", () => {
    renderWith({
      ...base,
      agentProfile: false,
      wishesTexts: [{ code: 'METRO_NEARBY', title: 'Метро рядом', percent: 90, text: 'До метро 7 минут пешком' }],
    });
    expect(screen.getByText('AI 83 %')).toBeTruthy();
    expect(screen.getAllByRole('meter')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'ИИ Поиск' }).getAttribute('href')).toBe('/agent');
  });

  it("another user's cached answer is not shown (the key carries the user)", async () => {
    const asked: string[] = [];
    network.use(http.all('*/api/*', ({ request }) => (asked.push(new URL(request.url).pathname), never())));
    renderWith(
      { ...base, wishesTexts: [{ code: 'METRO_NEARBY', title: 'Метро рядом', percent: 90, text: 'До метро 7 минут пешком' }] },
      6,
      5,
    );
    expect(screen.queryByText('AI 83 %')).toBeNull();
    expect(screen.queryByText('До метро 7 минут пешком')).toBeNull();
    // This user's own answer is asked for instead (once), and never comes.
    await expect.poll(() => asked.length).toBe(1);
  });

  it('without an agent profile: no number, an invitation to ИИ Поиск', () => {
    renderWith(base);
    expect(screen.queryByText(/AI \d+ %/)).toBeNull();
    expect(screen.getByRole('link', { name: 'ИИ Поиск' }).getAttribute('href')).toBe('/agent');
  });
});
