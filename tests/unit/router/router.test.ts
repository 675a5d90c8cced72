import { describe, expect, it, vi } from 'vitest';
import { createBrowserHistory, createMemoryHistory, createRouter, findRoute, type RouteDefinition } from '@/shared/router';

const route = (path: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({ path, element: path, ...extra });

describe('route matching', () => {
  const routes = [route('/'), route('/services/:serviceSlug'), route('/:cityLink/apart/:apartId'), route('*')];

  it('takes the first route that matches, with its parameters decoded', () => {
    expect(findRoute(routes, '/')?.route.path).toBe('/');
    expect(findRoute(routes, '/spb/apart/12')?.params).toEqual({ cityLink: 'spb', apartId: '12' });
    expect(findRoute(routes, '/services/%D0%B8%D0%BF%D0%BE%D1%82%D0%B5%D0%BA%D0%B0')?.params).toEqual({ serviceSlug: 'ипотека' });
    expect(findRoute(routes, '/services/ipoteka/')?.route.path).toBe('/services/:serviceSlug');
  });

  it('a path no route names falls to the catch-all; a malformed escape stays as typed instead of throwing', () => {
    expect(findRoute(routes, '/spb/apart')?.route.path).toBe('*');
    expect(findRoute(routes, '/services/%E0%A4%A')?.params).toEqual({ serviceSlug: '%E0%A4%A' });
    expect(findRoute([route('/')], '/nothing')).toBeNull();
  });
});

describe('navigation', () => {
  it('pushes and replaces entries, and moves back through history', async () => {
    const history = createMemoryHistory('/');
    const router = createRouter([route('/'), route('/a'), route('/b')], history);
    await router.navigate('/a?x=1#top', { state: { from: 'test' } });
    expect(router.state().location).toMatchObject({ pathname: '/a', search: '?x=1', hash: '#top', state: { from: 'test' } });
    expect(history.index()).toBe(1);
    await router.navigate('/b', { replace: true });
    expect(history.index()).toBe(1);
    expect(router.state().match?.route.path).toBe('/b');
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state().location.pathname).toBe('/'));
    expect(history.index()).toBe(0);
  });

  it('waits for the next page and its guard before the URL and the screen change', async () => {
    let release: () => void = () => undefined;
    const preload = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const router = createRouter([route('/'), route('/slow', { page: { preload } })], createMemoryHistory('/'));
    const done = router.navigate('/slow');
    await Promise.resolve();
    expect(router.state().location.pathname).toBe('/');
    release();
    await done;
    expect(router.state().location.pathname).toBe('/slow');
    expect(preload).toHaveBeenCalledOnce();
  });

  it('a guard redirects by replacing the entry, and a loop of redirects ends on the error page', async () => {
    const history = createMemoryHistory('/');
    const router = createRouter(
      [
        route('/'),
        route('/404'),
        route('/gone', { guard: async () => '/404' }),
        route('/loop-a', { guard: async () => '/loop-b' }),
        route('/loop-b', { guard: async () => '/loop-a' }),
      ],
      history,
    );
    await router.navigate('/gone');
    expect(router.state().location.pathname).toBe('/404');
    expect(history.index()).toBe(1);
    await router.navigate('/loop-a');
    expect(router.state().error).toBeInstanceOf(Error);
  });

  it('a guard that throws shows the error on that location; the next navigation clears it', async () => {
    const router = createRouter(
      [route('/'), route('/broken', { guard: () => Promise.reject(new Error('нет данных')) })],
      createMemoryHistory('/'),
    );
    await router.navigate('/broken');
    expect(router.state()).toMatchObject({ location: { pathname: '/broken' }, error: new Error('нет данных') });
    await router.navigate('/');
    expect(router.state().error).toBeNull();
  });

  it('a newer navigation wins over an older one still loading', async () => {
    let releaseSlow: () => void = () => undefined;
    const router = createRouter(
      [route('/'), route('/slow', { page: { preload: () => new Promise<void>((resolve) => (releaseSlow = resolve)) } }), route('/fast')],
      createMemoryHistory('/'),
    );
    const slow = router.navigate('/slow');
    await router.navigate('/fast');
    releaseSlow();
    await slow;
    expect(router.state().location.pathname).toBe('/fast');
  });

  it('prepare() runs the first location’s guard and reports its redirect', async () => {
    const router = createRouter([route('/404'), route('/services', { guard: async () => '/404' })], createMemoryHistory('/services'));
    expect(await router.prepare()).toEqual({ redirect: '/404' });
  });
});

describe('the browser history', () => {
  it('keeps the base out of the app’s paths and in the address bar, with an index that says whether back stays in the app', () => {
    window.history.replaceState(null, '', '/tma/agent?settings#x');
    const history = createBrowserHistory('/tma/');
    expect(history.location()).toMatchObject({ pathname: '/agent', search: '?settings', hash: '#x' });
    expect(history.index()).toBe(0);
    history.push('/favourites', { n: 1 });
    expect(window.location.pathname).toBe('/tma/favourites');
    expect(history.location()).toMatchObject({ pathname: '/favourites', state: { n: 1 } });
    expect(history.index()).toBe(1);
    expect(history.href('/spb/apart/1')).toBe('/tma/spb/apart/1');
  });
});
