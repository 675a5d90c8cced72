import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '@/pages/error';
import {
  createMemoryHistory,
  createRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useSearchParams,
  type RouteDefinition,
} from '@/shared/router';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="где">{`${pathname}${search}`}</output>;
}

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/services" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Услуги
        </NavLink>
        <Link to="/spb/apart/7">Квартира</Link>
        <Link to="https://example.org/x">Снаружи</Link>
      </nav>
      <Where />
      <Outlet />
    </>
  );
}

function Apart() {
  const { apartId } = useParams();
  return <h1>Квартира {apartId}</h1>;
}

function Filters() {
  const [search, setSearch] = useSearchParams();
  return (
    <button type="button" onClick={() => setSearch(new URLSearchParams({ code: 'family' }), { replace: true })}>
      код: {search.get('code') ?? 'нет'}
    </button>
  );
}

function Boom(): never {
  throw new Error('сломалось');
}

const routes: RouteDefinition[] = [
  { path: '/', element: <Filters /> },
  { path: '/services', element: <p>Список услуг</p> },
  { path: '/services/:serviceSlug', element: <p>Услуга</p> },
  { path: '/:cityLink/apart/:apartId', element: <Apart /> },
  { path: '/boom', element: <Boom /> },
  { path: '/old', element: <Navigate to="/services" replace /> },
  { path: '*', element: <p>Не найдено</p> },
];

function renderApp(path = '/') {
  const router = createRouter(routes, createMemoryHistory(path));
  render(<RouterProvider router={router} layout={<Layout />} errorPage={ErrorPage} />);
  return router;
}

describe('router components', () => {
  it('a plain click on a link navigates in the app; the href stays real for new tabs and crawlers', async () => {
    renderApp('/');
    const link = screen.getByRole('link', { name: 'Квартира' });
    expect(link.getAttribute('href')).toBe('/spb/apart/7');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Квартира 7' })).toBeTruthy();
    expect(screen.getByLabelText('где').textContent).toBe('/spb/apart/7');
  });

  it('a click with a modifier key is left to the browser (new tab), and a link to another site is a plain anchor', () => {
    const router = renderApp('/');
    const link = screen.getByRole('link', { name: 'Квартира' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(router.state().location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Снаружи' }).getAttribute('href')).toBe('https://example.org/x');
  });

  it('NavLink marks the current section, also on the pages below it', async () => {
    renderApp('/services/ipoteka');
    const link = screen.getByRole('link', { name: 'Услуги' });
    expect(link.className).toBe('on');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('the query string is read and written through useSearchParams, keeping the path', async () => {
    renderApp('/?x=1');
    fireEvent.click(screen.getByRole('button', { name: 'код: нет' }));
    expect(await screen.findByRole('button', { name: 'код: family' })).toBeTruthy();
    expect(screen.getByLabelText('где').textContent).toBe('/?code=family');
  });

  it('<Navigate> sends the user on after rendering', async () => {
    renderApp('/old');
    expect(await screen.findByText('Список услуг')).toBeTruthy();
  });

  it('a page that throws while rendering shows the error page, and navigating away clears it', async () => {
    // React reports the caught error on the console; the boundary's answer is what this test is about.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderApp('/boom');
    quiet.mockRestore();
    expect(screen.getByRole('heading', { name: 'Ошибка: сломалось' })).toBeTruthy();
    await router.navigate('/services');
    expect(await screen.findByText('Список услуг')).toBeTruthy();
  });

  it('an unknown path renders the catch-all route', () => {
    renderApp('/no/such/page');
    expect(screen.getByText('Не найдено')).toBeTruthy();
  });
});
