import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * What instances tell each other. Ids only: a receiver re-reads the rows it cares about, so a message can be small,
 * late, repeated or lost (a reconnect) without carrying stale data.
 */
export interface BusMessages {
  /** A sign-in or binding outcome was stored for this event-emitter id: a stream waiting for it may claim it. */
  binding: { id: string };
  /** These users' rows changed (a revocation, a merge): forget what is cached of them. */
  users: { ids: number[] };
  /** Listings of these cities changed: reload them into memory and the ranking engine. */
  catalogue: { cityIds: number[] };
}

export type BusChannel = keyof BusMessages;

/** A message as delivered: who sent it, so an instance can skip what it has already applied itself. */
export interface BusEnvelope<C extends BusChannel> {
  origin: string;
  body: BusMessages[C];
}

export interface EventBus {
  /** This process's id in envelopes. */
  readonly instanceId: string;
  publish<C extends BusChannel>(channel: C, body: BusMessages[C]): Promise<void>;
  subscribe<C extends BusChannel>(channel: C, handler: (message: BusEnvelope<C>) => void): () => void;
  /** Called after the bus reconnected: messages may have been missed, so re-read what matters. */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

export const BUS_CHANNELS: readonly BusChannel[] = ['binding', 'users', 'catalogue'];

/** Handlers per channel; shared by both buses. */
export class Subscribers {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  add<M>(channel: string, handler: (message: M) => void): () => void {
    const listener = handler as (...args: unknown[]) => void;
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }

  /** Delivers to each handler; one failing handler never stops the others nor the bus. */
  deliver(channel: string, message: unknown): void {
    for (const handler of this.emitter.listeners(channel)) {
      try {
        (handler as (m: unknown) => void)(message);
      } catch {
        // A subscriber's own failure is its business; the bus goes on.
      }
    }
  }
}

/**
 * One process (the embedded database): the bus is a local emitter. Delivery is asynchronous like PostgreSQL's,
 * so code behaves the same on both.
 */
export class LocalEventBus implements EventBus {
  readonly instanceId = randomUUID();
  private readonly subscribers = new Subscribers();

  async publish<C extends BusChannel>(channel: C, body: BusMessages[C]): Promise<void> {
    const envelope: BusEnvelope<C> = { origin: this.instanceId, body };
    queueMicrotask(() => this.subscribers.deliver(channel, envelope));
  }

  subscribe<C extends BusChannel>(channel: C, handler: (message: BusEnvelope<C>) => void): () => void {
    return this.subscribers.add(channel, handler);
  }

  onReconnect(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}

/** The bus of a database handle: modules that only hold `db` publish through it (set once in app.ts). */
const buses = new WeakMap<object, EventBus>();

export function attachEventBus(db: object, bus: EventBus): void {
  buses.set(db, bus);
}

export function eventBusOf(db: object): EventBus | undefined {
  return buses.get(db);
}

/** Publishes without making the caller wait or fail: the bus is a hint, the database is the truth. */
export function announce<C extends BusChannel>(db: object, channel: C, body: BusMessages[C]): void {
  void eventBusOf(db)
    ?.publish(channel, body)
    .catch(() => undefined);
}
