import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { BUS_CHANNELS, Subscribers, type BusChannel, type BusEnvelope, type BusMessages, type EventBus } from './event-bus';

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; ours are ids, far below it. */
const MAX_PAYLOAD = 7_900;
const channelName = (channel: BusChannel) => `kvarta_${channel}`;

/**
 * The bus between instances on PostgreSQL: LISTEN on one dedicated connection, NOTIFY through the pool. After the
 * connection drops it reconnects with a growing pause, listens again and tells subscribers to re-read what they
 * might have missed.
 */
export class PgEventBus implements EventBus {
  readonly instanceId = randomUUID();
  private readonly subscribers = new Subscribers();
  private readonly reconnectHandlers = new Subscribers();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;

  private constructor(
    private readonly url: string,
    private readonly notify: (channel: string, payload: string) => Promise<unknown>,
    private readonly log: (message: string) => void,
  ) {}

  static async connect(options: {
    url: string;
    notify: (channel: string, payload: string) => Promise<unknown>;
    log?: (message: string) => void;
  }): Promise<PgEventBus> {
    const bus = new PgEventBus(options.url, options.notify, options.log ?? (() => undefined));
    await bus.listen();
    return bus;
  }

  async publish<C extends BusChannel>(channel: C, body: BusMessages[C]): Promise<void> {
    const payload = JSON.stringify({ origin: this.instanceId, body } satisfies BusEnvelope<C>);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`bus: message on ${channel} is too long`);
    await this.notify(channelName(channel), payload);
  }

  subscribe<C extends BusChannel>(channel: C, handler: (message: BusEnvelope<C>) => void): () => void {
    return this.subscribers.add(channel, handler);
  }

  onReconnect(handler: () => void): () => void {
    return this.reconnectHandlers.add('reconnect', handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'kvarta-bus' });
    client.on('notification', (n) => this.receive(n.channel, n.payload));
    // 'error' then 'end': reconnect once, on 'end'.
    client.on('error', (error) => this.log(`шина событий: ${error.message}`));
    client.on('end', () => {
      // Only a connection that was up reconnects here; a failed first connect rejects listen() instead.
      if (this.client !== client) return;
      this.client = null;
      if (!this.closed) this.scheduleReconnect();
    });
    await client.connect();
    for (const channel of BUS_CHANNELS) await client.query(`LISTEN ${channelName(channel)}`);
    this.client = client;
    this.retryMs = 250;
  }

  private scheduleReconnect(): void {
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    setTimeout(() => {
      if (this.closed) return;
      this.listen().then(
        () => {
          this.log('шина событий: переподключена');
          this.reconnectHandlers.deliver('reconnect', undefined);
        },
        (error: unknown) => {
          this.log(`шина событий: не подключается (${error instanceof Error ? error.message : String(error)})`);
          this.scheduleReconnect();
        },
      );
    }, wait).unref();
  }

  private receive(channel: string, payload: string | undefined): void {
    const name = BUS_CHANNELS.find((c) => channelName(c) === channel);
    if (!name || !payload) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload);
    } catch {
      return;
    }
    this.subscribers.deliver(name, envelope);
  }
}
