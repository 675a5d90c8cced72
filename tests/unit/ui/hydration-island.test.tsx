import { render } from '@testing-library/react';
import { act, lazy, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydrationIsland, releaseDeferredIslands, whenIslandsHydrated } from '@/shared/ui';

const settledNow = async () => {
  let done = false;
  void whenIslandsHydrated().then(() => {
    done = true;
  });
  await act(async () => {});
  return done;
};

describe('the app waits for the islands of a server-rendered page', () => {
  it('an island rendered on the client is no reason to wait', async () => {
    const view = render(
      <HydrationIsland>
        <p>Карточка</p>
      </HydrationIsland>,
    );
    expect(await settledNow()).toBe(true);
    view.unmount();
  });

  it('the session may start only once an island still dehydrated after the page commits has hydrated', async () => {
    const events: string[] = [];
    function Card() {
      useEffect(() => {
        events.push('card hydrated');
      }, []);
      return <button type="button">♡ Нравится</button>;
    }
    // The page commits (its effect asks whether the session may start) while the card's island still waits for its code.
    function Page({ CardView }: { CardView: ComponentType }) {
      useEffect(() => {
        void whenIslandsHydrated().then(() => events.push('session may start'));
      }, []);
      return (
        <main>
          <h1>ТОП</h1>
          <HydrationIsland>
            <CardView />
          </HydrationIsland>
        </main>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page CardView={Card} />);
    document.body.append(container);
    let loadCard: (module: { default: ComponentType }) => void = () => undefined;
    const LazyCard = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (loadCard = resolve)));

    const root = await act(async () => hydrateRoot(container, <Page CardView={LazyCard} />));
    expect(events).toEqual([]);
    expect(container.querySelector('button')?.textContent).toBe('♡ Нравится');

    await act(async () => loadCard({ default: Card }));
    expect(events).toEqual(['card hydrated', 'session may start']);
    act(() => root.unmount());
    container.remove();
  });

  it('an island removed before it hydrated does not keep the app waiting', async () => {
    const Never = lazy(() => new Promise<{ default: ComponentType }>(() => undefined));
    function Page({ island, CardView }: { island: boolean; CardView: ComponentType }) {
      return (
        <main>
          {island && (
            <HydrationIsland>
              <CardView />
            </HydrationIsland>
          )}
        </main>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page island CardView={() => <p>Карточка</p>} />);
    const root = await act(async () => hydrateRoot(container, <Page island CardView={Never} />));
    expect(await settledNow()).toBe(false);
    await act(async () => root.render(<Page island={false} CardView={Never} />));
    expect(await settledNow()).toBe(true);
    act(() => root.unmount());
  });
});

describe('a deferred island (a card below the fold) hydrates when it comes near or is touched', () => {
  const observed = new Map<Element, IntersectionObserverCallback>();
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      observed.set(element, this.callback);
    }
    unobserve(element: Element) {
      observed.delete(element);
    }
    disconnect() {}
  }
  const bringNear = (element: Element) =>
    observed.get(element)?.([{ target: element, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);

  function Card({ events }: { events: string[] }) {
    useEffect(() => {
      events.push('hydrated');
    }, [events]);
    return (
      <button type="button" onClick={() => events.push('tapped')}>
        ♡ Нравится
      </button>
    );
  }
  function Page({ events }: { events: string[] }) {
    return (
      <main>
        <HydrationIsland defer>
          <Card events={events} />
        </HydrationIsland>
      </main>
    );
  }

  async function serverPage(events: string[]) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page events={[]} />);
    document.body.append(container);
    // Far below the screen.
    container.querySelector('.kv-island')!.getBoundingClientRect = () => ({ top: 5000, bottom: 5600 }) as DOMRect;
    const root = await act(async () => hydrateRoot(container, <Page events={events} />));
    return { container, root };
  }

  it('stays the server’s markup, is not waited for, and hydrates when it comes near', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const events: string[] = [];
    const { container, root } = await serverPage(events);
    expect(events).toEqual([]);
    expect(await settledNow()).toBe(true);
    await act(async () => bringNear(container.querySelector('.kv-island')!));
    expect(events).toEqual(['hydrated']);
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('a tap on it before it has hydrated lands', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const events: string[] = [];
    const { container, root } = await serverPage(events);
    expect(events).toEqual([]);
    await act(async () => container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(events).toEqual(['hydrated', 'tapped']);
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  // Last: the router's move is for the page's whole life (module state).
  it('once the router has moved (a Mini App start link navigates from the shell), an island hydrates at once', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    releaseDeferredIslands();
    const events: string[] = [];
    const { container, root } = await serverPage(events);
    // Far below the screen, yet hydrated: a navigation rendered as a transition would otherwise wait for it for good.
    expect(events).toEqual(['hydrated']);
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });
});
