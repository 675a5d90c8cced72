import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '@/app/routing/lazy-page';
import { ErrorPage } from '@/pages/error';

describe('error states (spec §2, §8)', () => {
  it('a lazily loaded screen that fails shows the status bar and an error box, without the detail outside staging', async () => {
    const broken = lazyPage(
      'broken',
      () => Promise.reject(new Error('chunk-abc.js 404')),
      (m: { Page: () => null }) => m.Page,
    );
    const router = createMemoryRouter([{ path: '/', lazy: broken.lazy, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Проблема загрузки компонента', {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить раздел');
    expect(document.body.textContent).not.toContain('chunk-abc.js');
  });

  it('a chunk that fails once is tried again by itself; one that keeps failing offers «Повторить», which loads it in place', async () => {
    let calls = 0;
    const flaky = lazyPage(
      'flaky',
      () => (++calls === 1 ? Promise.reject(new Error('network')) : Promise.resolve({ Page: () => <p>страница на месте</p> })),
      (m: { Page: () => React.JSX.Element }) => m.Page,
    );
    render(<RouterProvider router={createMemoryRouter([{ path: '/', lazy: flaky.lazy }])} />);
    expect(await screen.findByText('страница на месте', {}, { timeout: 3_000 })).toBeTruthy();
    expect(calls).toBe(2);

    let online = false;
    const offline = lazyPage(
      'offline',
      () => (online ? Promise.resolve({ Page: () => <p>снова в сети</p> }) : Promise.reject(new Error('offline'))),
      (m: { Page: () => React.JSX.Element }) => m.Page,
    );
    const started = Date.now();
    render(<RouterProvider router={createMemoryRouter([{ path: '/', lazy: offline.lazy }])} />);
    const retry = await screen.findByRole('button', { name: 'Повторить' }, { timeout: 3_000 });
    // Said within 3 s, with the tries in between.
    expect(Date.now() - started).toBeLessThan(3_000);
    online = true;
    fireEvent.click(retry);
    expect(await screen.findByText('снова в сети')).toBeTruthy();
  });

  it.each([
    [new Error('Список городов недоступен'), 'Ошибка: Список городов недоступен'],
    ['not an error object', 'Произошла ошибка'],
  ])('the error page shows %s', async (thrown, heading) => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: <main />,
        errorElement: <ErrorPage />,
        children: [{ index: true, loader: () => Promise.reject(thrown), element: <p>ok</p> }],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByText(/Мы обязательно всё починим, а сейчас можно/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Вернуться на главную' }).getAttribute('href')).toBe('/');
  });
});
