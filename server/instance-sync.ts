import fp from 'fastify-plugin';
import { bindingEvents } from './auth/bindings';
import { forgetCachedUsers } from './auth/users';
import type { FastifyInstance } from 'fastify';

/**
 * What this instance does when another tells it something on the bus: wake the binding streams it holds, forget
 * cached users, reload the touched cities into memory and the ranking engine. After the bus reconnects (messages
 * may have been missed) the whole catalogue is re-read; streams poll the table anyway and the user cache expires
 * within seconds.
 */
export function followOtherInstances(app: FastifyInstance, log: (message: string) => void): () => void {
  const reload = (cityIds: number[]) =>
    app.memory.reloadCities(app.db, cityIds).then(
      () => app.engine.refresh(cityIds),
      (error: unknown) => log(`каталог: не перечитан (${error instanceof Error ? error.message : String(error)})`),
    );
  const stops = [
    app.bus.subscribe('binding', ({ body }) => bindingEvents.emit(body.id)),
    app.bus.subscribe('users', ({ body }) => forgetCachedUsers(app.db, body.ids)),
    app.bus.subscribe('catalogue', ({ origin, body }) => {
      if (origin !== app.bus.instanceId) void reload(body.cityIds);
    }),
    app.bus.onReconnect(() => void reload([...app.memory.byCity.keys()])),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** Registered by the composition once the catalogue is: it stops following when the app closes. */
export const instanceSyncPlugin = fp(
  async (app: FastifyInstance) => {
    const stop = followOtherInstances(app, (m) => app.log.warn(m));
    app.addHook('onClose', async () => stop());
  },
  { name: 'kvarta-instance-sync', fastify: '5.x', dependencies: ['kvarta-infra', 'kvarta-catalogue'] },
);
