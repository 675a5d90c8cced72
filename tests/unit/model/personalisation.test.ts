import { QueryClient } from '@tanstack/react-query';
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { describe, expect, it } from 'vitest';
import { serverCacheAttached } from '@/app/server-cache';
import { selectionInfoKeys, topKeys } from '@/entities/apartment';
import { liraKeys } from '@/entities/lira-profile';
import { $userId } from '@/entities/session';
import { $personalisationShadow, personalisationQuery, personalisationToggled, savePersonalisationFx } from '@/features/personalisation';
import { $notifications, serverDataChanged } from '@/shared/model';

const USER = 7;

/** Resolves once the scope shows a toast (the toast's own 5 s on screen is not waited for). */
function toastShown(scope: Scope): Promise<void> {
  return new Promise((resolve) => {
    const watch = createWatch({
      unit: $notifications,
      scope,
      fn: (list) => {
        if (list.length === 0) return;
        watch.unsubscribe();
        resolve();
      },
    });
  });
}

/** The server's answer to the PUT, held until the test lets it go, so the switch can be seen while it is saved. */
function held<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** A scope with a session, its cache attached, the switch saved as on, and TOP, an index and AI search cached. */
async function scopeWith(save: (personalised: boolean) => Promise<{ personalised: boolean }>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const scope = fork({ handlers: [[savePersonalisationFx, save]] });
  await allSettled(serverCacheAttached, { scope, params: client });
  // The session starts (a new identity: what was cached before it is dropped), then its data is read.
  await allSettled($userId, { scope, params: USER });
  client.setQueryData(personalisationQuery(USER).queryKey, { personalised: true });
  const cached = [
    personalisationQuery(USER).queryKey,
    topKeys.list(USER, { cityIds: [77] }),
    selectionInfoKeys.of(101, USER),
    liraKeys.variants(USER, 'RELEVANCE_DESC', false),
  ];
  for (const key of cached.slice(1)) client.setQueryData(key, { cached: true });
  const stale = () => cached.map((key) => client.getQueryState(key)?.isInvalidated);
  // What the model says changed (the app's server-cache.ts reads those roots again).
  const changed: string[] = [];
  createWatch({ unit: serverDataChanged, scope, fn: (root) => void changed.push(root) });
  return { scope, client, stale, changed };
}

describe('the «Персональные рекомендации» switch (fork scope, no React)', () => {
  it('shows the new position at once, saves it, keeps it over the cache and reads the switch, TOP, the indexes and AI search again', async () => {
    const answer = held<{ personalised: boolean }>();
    const sent: boolean[] = [];
    const { scope, changed } = await scopeWith((personalised) => (sent.push(personalised), answer.promise));
    const done = allSettled(personalisationToggled, { scope, params: false });
    expect(scope.getState($personalisationShadow)).toBe(false);
    // A second press while the first is saved is not sent: one change at a time.
    void allSettled(personalisationToggled, { scope, params: true });
    expect(scope.getState($personalisationShadow)).toBe(false);
    answer.resolve({ personalised: false });
    await done;
    expect(sent).toEqual([false]);
    // Saved: the switch keeps the new position while the switch, TOP, every index, AI search and the favourites are read
    // again (said through serverDataChanged; the unit tests of the cache hold what that does).
    expect(scope.getState($personalisationShadow)).toBe(false);
    expect(changed.sort()).toEqual(['favourites', 'lira', 'personalisation', 'selection-info', 'top']);
    expect(scope.getState($notifications)).toEqual([]);
  });

  it('a refused change goes back to the saved position and says so in Russian; nothing is read again', async () => {
    const { scope, client, stale, changed } = await scopeWith(() => Promise.reject(new Error('Сервер недоступен')));
    const shown = toastShown(scope);
    void allSettled(personalisationToggled, { scope, params: false });
    await shown;
    expect(scope.getState($personalisationShadow)).toBeNull();
    expect(client.getQueryData(personalisationQuery(USER).queryKey)).toEqual({ personalised: true });
    expect(stale()).toEqual([false, false, false, false]);
    expect(changed).toEqual([]);
    const [toast] = scope.getState($notifications);
    expect(toast?.type).toBe('error');
    expect(toast?.text).toMatch(/^Не удалось переключить персональные рекомендации — вернули как было\./);
  });

  it('without a session nothing is sent', async () => {
    const sent: boolean[] = [];
    const scope = fork({ handlers: [[savePersonalisationFx, async (p: boolean) => (sent.push(p), { personalised: p })]] });
    await allSettled(personalisationToggled, { scope, params: false });
    expect(sent).toEqual([]);
    expect(scope.getState($personalisationShadow)).toBeNull();
  });
});
