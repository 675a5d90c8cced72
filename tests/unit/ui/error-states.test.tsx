import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryHistory, createRouter, RouterProvider } from '@/shared/router';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '@/app/ui/lazy-page';
import { ErrorPage } from '@/pages/error';

describe('error states (spec §2, §8)', () => {
  it('a lazily loaded screen that fails shows the status bar and an error box, without the detail outside staging', async () => {
    const Broken = lazyPage(
      'broken',
      () => Promise.reject(new Error('chunk-abc.js 404')),
      (m: { Page: () => null }) => m.Page,
    );
    render(
      <Suspense fallback={<p>Загрузка…</p>}>
        <Broken />
      </Suspense>,
    );
    expect(await screen.findByText('Проблема загрузки компонента')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить раздел');
    expect(document.body.textContent).not.toContain('chunk-abc.js');
  });

  it('a preloaded screen renders at once, without suspending (what server rendering and hydration rely on)', async () => {
    const Page = lazyPage(
      'ready',
      () => Promise.resolve({ Page: () => <p>Готово</p> }),
      (m) => m.Page,
    );
    await Page.preload();
    render(
      <Suspense fallback={<p>Загрузка…</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously: no fallback frame in between.
    expect(screen.getByText('Готово')).toBeTruthy();
    expect(screen.queryByText('Загрузка…')).toBeNull();
  });

  it.each([
    [new Error('Список городов недоступен'), 'Ошибка: Список городов недоступен'],
    ['not an error object', 'Произошла ошибка'],
  ])('the error page shows %s', async (thrown, heading) => {
    const router = createRouter([{ path: '/', guard: () => Promise.reject(thrown), element: <p>ok</p> }], createMemoryHistory('/'));
    await router.prepare();
    render(<RouterProvider router={router} layout={<main />} errorPage={ErrorPage} />);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByText(/Мы обязательно всё починим, а сейчас можно/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Вернуться на главную' }).getAttribute('href')).toBe('/');
  });
});
