import type { Page, TestInfo } from '@playwright/test';

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** The navigation surface the user sees at this size: side bar on desktop, bottom bar on phones. */
export function visibleNav(page: Page, info: TestInfo) {
  return page.getByRole('navigation', { name: isPhone(info) ? 'Навигация' : 'Основная навигация' });
}

/** The theme toggle: in the side bar on desktop, in the menu on phones. */
export async function themeToggle(page: Page, info: TestInfo) {
  if (isPhone(info)) {
    await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
    return page.getByRole('navigation', { name: 'Меню' }).getByTestId('theme-toggle');
  }
  return visibleNav(page, info).getByTestId('theme-toggle');
}

export async function cityButton(page: Page, info: TestInfo) {
  if (isPhone(info)) {
    await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
    return page.getByRole('navigation', { name: 'Меню' }).getByTestId('city-button');
  }
  return visibleNav(page, info).getByTestId('city-button');
}

/**
 * Moves the app to another path the way its own links do (no document load), so the page's data is fetched by the
 * browser rather than handed over by the server's render: for tests of what a failed fetch shows.
 */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
