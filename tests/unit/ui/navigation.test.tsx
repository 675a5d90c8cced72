import { renderWithApp } from '../support/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { $notifications } from '@/shared/model';
import { NavMenu, Navigation } from '@/widgets/navigation';

function renderAt(path: string) {
  const { scope } = renderWithApp(
    <>
      <Navigation />
      <NavMenu />
    </>,
    { route: path, queryDefaults: { enabled: false } },
  );
  return scope;
}

describe('navigation (spec §2 side/bottom bar and menu)', () => {
  it('shows the bar items, Services only in the desktop side bar, Map/List only in the bottom bar', () => {
    renderAt('/');
    const side = screen.getByRole('navigation', { name: 'Основная навигация' });
    const bottom = screen.getByRole('navigation', { name: 'Навигация' });
    for (const label of ['Меню', 'ТОП', 'ИИ Поиск', 'Избранное', 'Ассистент', 'Настройки']) {
      expect(within(side).getByText(label)).toBeTruthy();
      expect(within(bottom).getByText(label)).toBeTruthy();
    }
    expect(within(side).getByText('Услуги')).toBeTruthy();
    expect(within(bottom).queryByText('Услуги')).toBeNull();
    expect(within(bottom).getByTestId('view-mode-toggle')).toBeTruthy();
    expect(within(side).queryByTestId('view-mode-toggle')).toBeNull();
  });

  it.each([
    ['/', false, false],
    ['/analytics', false, true],
    ['/agent', true, false],
    ['/favourites', true, false],
    ['/services', true, true],
  ])('on %s: settings disabled=%s, map/list disabled=%s', (path, settingsDisabled, viewDisabled) => {
    renderAt(path);
    const bottom = screen.getByRole('navigation', { name: 'Навигация' });
    // Greyed, yet tappable: a tap says why (below).
    expect(within(bottom).getByText('Настройки').closest('button')!.getAttribute('aria-disabled')).toBe(String(settingsDisabled));
    expect(within(bottom).getByTestId<HTMLButtonElement>('view-mode-toggle').disabled).toBe(viewDisabled);
  });

  it('a greyed «Настройки» says why when tapped', async () => {
    const scope = renderAt('/favourites');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Навигация' })).getByText('Настройки'));
    expect(scope.getState($notifications).map((n) => n.text)).toEqual([
      'Настройки есть на страницах «ТОП», «ИИ Поиск» и «ИИ Анализ возможностей»',
    ]);
  });

  it('opens the menu with its groups and unavailable items visibly disabled', async () => {
    renderAt('/');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Основная навигация' })).getByText('Меню'));
    // The menu's code loads with its first opening.
    const menu = await screen.findByRole('navigation', { name: 'Меню' });
    for (const group of ['Покупка', 'Аренда', 'AI анализ', 'Услуги'])
      expect(within(menu).getByRole('heading', { name: group })).toBeTruthy();
    for (const item of ['Анализ квартиры', 'Найти похожие квартиры']) {
      expect(within(menu).getByText(item).closest('[aria-disabled="true"]')).toBeTruthy();
    }
    expect(within(menu).getByText('Все услуги').closest('a')?.getAttribute('href')).toBe('/services');
    // A locked entry says why when tapped, under itself.
    const similar = within(menu).getByRole('button', { name: 'Найти похожие квартиры' });
    await userEvent.click(similar);
    expect(similar.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(similar.getAttribute('aria-controls')!)?.textContent).toBe(
      'Поиск похожих квартир пока недоступен. Похожие квартиры уже показаны на странице каждой квартиры.',
    );
    const rentTop = within(menu).getAllByRole('button', { name: 'ТОП' })[0]!;
    await userEvent.click(rentTop);
    expect(document.getElementById(rentTop.getAttribute('aria-controls')!)?.textContent).toBe(
      'Аренда пока недоступна: в Кварте сейчас можно подобрать квартиру только для покупки.',
    );
    await userEvent.click(within(menu).getByRole('button', { name: 'Анализ квартиры' }));
    expect(within(menu).getByText(/^Анализ квартиры пока недоступен/)).toBeTruthy();
    expect(within(menu).getByText('Вход / Регистрация')).toBeTruthy();
    expect(within(menu).getByTestId('city-button')).toBeTruthy();
    expect(within(menu).getByTestId('theme-toggle')).toBeTruthy();
    // 149-FZ art. 10.2-2: the switch, for anonymous visitors too, with the rules beside it.
    expect(within(menu).getByRole('switch', { name: 'Персональные рекомендации' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Правила рекомендаций' }).getAttribute('href')).toBe('/recommendation-rules');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Меню' })).toBeNull();
  });
});
