import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fork } from 'effector';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonalData } from '@kvarta/contract/cabinet';
import { $userId } from '@/entities/session';
import { MyDataPage } from '@/pages/my-data';
import { apiRoute, never, ok, useNetwork } from '../support/network';
import { renderWithApp } from '../support/render';

const network = useNetwork();
const DATA_PATH = apiRoute('/cabinet/profile/data');

const EMPTY: PersonalData = {
  exportedAt: '2026-11-29T06:00:00.000Z',
  profile: null,
  signIn: { telegramId: null, requests: [] },
  favourites: [],
  favouriteAlerts: null,
  ratings: [],
  topSettings: null,
  aiSearch: null,
  aiSuggestions: [],
  subscriptions: [],
  promocodes: [],
  payments: [],
  consents: [],
  callbackRequests: [],
};

const FULL: PersonalData = {
  ...EMPTY,
  profile: {
    name: 'Ольга',
    city: 'Санкт-Петербург',
    signedInThroughTelegram: true,
    personalisedRecommendations: true,
    createdAt: '2026-11-01T09:30:00.000Z',
  },
  signIn: { telegramId: '123456', requests: [] },
  favourites: [
    {
      apartment: { id: 42, title: '2-к квартира 54 м²', link: '/spb/apart/42' },
      likedAt: '2026-11-02T10:00:00.000Z',
      note: 'Позвонить в субботу',
      priceSeen: 9_500_000,
      change: null,
    },
  ],
  ratings: [
    {
      apartment: { id: 7, title: null, link: null },
      rating: 'dislike',
      reasons: ['Цена', 'Далеко от метро'],
      where: 'top',
      at: '2026-11-03T10:00:00.000Z',
    },
  ],
  payments: [
    {
      service: 'ИИ Поиск',
      method: 'stars',
      kind: 'first',
      days: 30,
      amount: 750,
      currency: 'XTR',
      promocode: null,
      status: 'paid',
      receiptEmail: null,
      createdAt: '2026-11-04T10:00:00.000Z',
      completedAt: '2026-11-04T10:01:00.000Z',
    },
  ],
  consents: [
    {
      purpose: 'callback',
      given: true,
      version: 1,
      decidedAt: '2026-11-05T10:00:00.000Z',
      givenAt: '2026-11-05T10:00:00.000Z',
      channel: 'website',
    },
  ],
  callbackRequests: [
    {
      name: 'Ольга',
      phone: '+79120000001',
      city: 'Санкт-Петербург',
      page: 'https://kvarta.example/services/ipoteka',
      about: 'Ипотека',
      requestedAt: '2026-11-05T10:00:00.000Z',
      consentAt: '2026-11-05T10:00:00.000Z',
      consentVersion: 1,
    },
  ],
};

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const renderPage = () => renderWithApp(<MyDataPage />, { scope: fork({ values: [[$userId, 5]] }), route: '/my-data' });

describe('«Мои данные»: the export as a readable page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says it is gathering while the answer is on its way', async () => {
    network.use(http.get(DATA_PATH, never));
    renderPage();
    expect((await screen.findByRole('status')).textContent).toContain('Собираем ваши данные…');
    expect(screen.queryByRole('button', { name: 'Печать' })).toBeNull();
  });

  it('every section under its Russian heading, with Russian labels, dates and money; empty ones say «Нет данных»', async () => {
    network.use(http.get(DATA_PATH, () => HttpResponse.json(ok(FULL))));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Мои данные' })).toBeTruthy();
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual([
      'Профиль',
      'Вход через Telegram',
      'Избранное',
      'Уведомления об избранном',
      'Оценки квартир',
      'Настройки ТОПа',
      'ИИ Поиск',
      'Что предложил ИИ Поиск',
      'Подписки',
      'Промокоды',
      'Платежи',
      'Согласия',
      'Заявки на обратный звонок',
    ]);
    const section = (name: string) => screen.getByRole('region', { name });
    // A description list: the label and its value.
    const profile = within(section('Профиль'));
    expect(profile.getByText('Имя').nextElementSibling?.textContent).toBe('Ольга');
    expect(profile.getByText('Вход через Telegram').nextElementSibling?.textContent).toBe('Да');
    expect(profile.getByText('Профиль создан').nextElementSibling?.textContent).toBe('01.11.2026, 12:30 (МСК)');
    // Tables: the apartment by its title and page, or by its number once gone; reasons in words.
    const favourites = within(section('Избранное'));
    expect(favourites.getByRole('link', { name: '2-к квартира 54 м²' }).getAttribute('href')).toBe('/spb/apart/42');
    expect(favourites.getByRole('cell', { name: 'Позвонить в субботу' })).toBeTruthy();
    expect(favourites.getByRole('cell', { name: /9\s500\s000\s₽/ })).toBeTruthy();
    const ratings = within(section('Оценки квартир'));
    expect(ratings.getByRole('cell', { name: 'Квартира № 7 (снята с продажи)' })).toBeTruthy();
    expect(ratings.getByRole('cell', { name: 'Не нравится' })).toBeTruthy();
    expect(ratings.getByRole('cell', { name: 'Цена, Далеко от метро' })).toBeTruthy();
    expect(within(section('Платежи')).getByText('Сумма').nextElementSibling?.textContent).toBe('750 ⭐');
    expect(within(section('Согласия')).getByRole('heading', { name: /Обратный звонок/ })).toBeTruthy();
    expect(within(section('Заявки на обратный звонок')).getByText('+79120000001')).toBeTruthy();
    for (const empty of ['Уведомления об избранном', 'Настройки ТОПа', 'ИИ Поиск', 'Что предложил ИИ Поиск', 'Подписки', 'Промокоды'])
      expect(within(section(empty)).getByText('Нет данных')).toBeTruthy();
  });

  it('«Печать» prints the page; «Скачать JSON» saves the same answer', async () => {
    network.use(http.get(DATA_PATH, () => HttpResponse.json(ok(FULL))));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:my-data';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Печать' }));
    expect(print).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Скачать JSON' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await textOf(created[0]!))).toEqual(FULL);
  });

  it('a failed load says so in Russian with «Повторить», which asks again', async () => {
    let calls = 0;
    network.use(
      http.get(DATA_PATH, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ result: 'error', message: 'Сервер недоступен', statusCode: 503, detail: null }, { status: 503 })
          : HttpResponse.json(ok(EMPTY));
      }),
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toMatch(/ваши данные/i);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getAllByText('Нет данных')).toHaveLength(13));
  });
});
