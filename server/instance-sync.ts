import { bindingEvents } from './auth/bindings';
import { forgetCachedUsers } from './auth/users';
import type { AppContext } from './context';

/**
 * What this instance does when another tells it something on the bus: wake the binding streams it holds, forget
 * cached users, reload the touched cities into memory and the ranking engine. After the bus reconnects (messages
 * may have been missed) the whole catalogue is re-read; streams poll the table anyway and the user cache expires
 * within seconds.
 */
export function followOtherInstances(ctx: AppContext, log: (message: string) => void): () => void {
  const reload = (cityIds: number[]) =>
    ctx.memory.reloadCities(ctx.db, cityIds).then(
      () => ctx.engine.refresh(cityIds),
      (error: unknown) => log(`каталог: не перечитан (${error instanceof Error ? error.message : String(error)})`),
    );
  const stops = [
    ctx.bus.subscribe('binding', ({ body }) => bindingEvents.emit(body.id)),
    ctx.bus.subscribe('users', ({ body }) => forgetCachedUsers(ctx.db, body.ids)),
    ctx.bus.subscribe('catalogue', ({ origin, body }) => {
      if (origin !== ctx.bus.instanceId) void reload(body.cityIds);
    }),
    ctx.bus.onReconnect(() => void reload([...ctx.memory.byCity.keys()])),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
