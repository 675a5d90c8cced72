import { addressKey } from '../infra/rate-limit';

/**
 * Bounds render work (server-rendered pages, preview pictures) so that one client cannot take the server from
 * everyone else. Each client may start `burst` renders at once and one more every `refillMs` after that (a render
 * costs a few hundred milliseconds of CPU, so the rate, not only the concurrency, decides how much of the server one
 * client gets); it may have `perClient` running at once, everyone together `total`. Past that a render is either not
 * started at all (`tryRun`: the caller has a cheap answer, e.g. the page's shell) or waits in the client's short
 * queue (`run`); a client out of credit or with its queue full is refused.
 *
 * Renders kept by the caches never come here: only new work is counted.
 */
export interface RenderGate {
  /** Starts `task` now if the client and the pool have room, else answers null without starting it. */
  tryRun<T>(client: string, task: () => Promise<T>): Promise<T> | null;
  /** Starts `task` when there is room; null when this client already has its whole queue waiting. */
  run<T>(client: string, task: () => Promise<T>): Promise<T> | null;
  /** Renders running now (tests, diagnostics). */
  readonly running: number;
}

export interface RenderGateOptions {
  perClient: number;
  total: number;
  /** How many of one client's renders may wait for room (`run` only). */
  queuePerClient: number;
  /** Renders a client may start in a burst… */
  burst: number;
  /** …and one more every this many milliseconds. */
  refillMs: number;
  now?: () => number;
}

/**
 * A render is a few hundred milliseconds of CPU on the one thread that answers everybody. One client renders one page
 * at a time, three in a burst and then one every 10 seconds, everyone together two at once; past that the page goes
 * out at once as the shell with its full head (title, description, preview tags) and the browser renders it. A
 * visitor lands with a server render and moves on inside the app, which asks only the API; kept renders cost nothing.
 */
export const PAGE_RENDER_LIMITS: RenderGateOptions = { perClient: 1, total: 2, queuePerClient: 0, burst: 3, refillMs: 10_000 };

/**
 * Preview cards (server/routes/seo.ts): drawn on libuv's workers, which share the machine's cores with the main
 * thread, so one at a time in all; a chat's link-preview fetcher may ask for a few at once and one every second.
 */
export const PREVIEW_RENDER_LIMITS: RenderGateOptions = { perClient: 1, total: 1, queuePerClient: 4, burst: 6, refillMs: 1_000 };

/**
 * Page documents one address may ask for: even a page sent as its shell is a few milliseconds of the main thread
 * (its head, its JSON-LD), so a client asking for many hundreds a second would take the server from everyone else.
 * One address may be thousands of buyers behind a carrier's NAT, each loading a document once and then moving inside
 * the app, so the credit is generous (100 a second, 200 at once); a crawler past it slows down on 429 with Retry-After.
 */
export const PAGE_DOCUMENT_LIMITS: ClientCreditOptions = { burst: 200, refillMs: 10 };

export interface ClientCreditOptions {
  burst: number;
  refillMs: number;
}

/** Every bound on render work of one app (server/app.ts), production's unless a test or RATE_LIMIT_SCALE says otherwise. */
export interface RenderLimits {
  pages: RenderGateOptions;
  previews: RenderGateOptions;
  documents: ClientCreditOptions;
}

/**
 * The limits with every client's credit multiplied (RATE_LIMIT_SCALE: the e2e suite runs every browser from one
 * address); how many renders run at once stays, it is what the machine can do.
 */
export function scaledRenderLimits(scale: number): RenderLimits {
  const scaled = <T extends ClientCreditOptions>(limits: T): T => ({
    ...limits,
    burst: Math.max(1, Math.round(limits.burst * scale)),
    refillMs: limits.refillMs / scale,
  });
  return { pages: scaled(PAGE_RENDER_LIMITS), previews: scaled(PREVIEW_RENDER_LIMITS), documents: scaled(PAGE_DOCUMENT_LIMITS) };
}

/** The key a request's render work is counted under: its address (an IPv6 client by its /64), as rate limits count. */
export const renderClientOf = (request: { ip: string | undefined }): string => addressKey(request.ip ?? null);

interface Client {
  running: number;
  /** `run` calls of this client not started yet. */
  queued: number;
}

/** Credit per client: a token bucket, forgotten once full again (a full bucket is what a new client gets). */
export function createClientCredit(burst: number, refillMs: number, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (bucket: { tokens: number; at: number }, t: number) => Math.min(burst, bucket.tokens + (t - bucket.at) / refillMs);
  return {
    take(key: string): boolean {
      const t = now();
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, t) : burst;
      if (tokens < 1) return false;
      buckets.set(key, { tokens: tokens - 1, at: t });
      // Bounded under a flood of distinct clients: the full buckets go (they equal no entry at all).
      if (buckets.size > 50_000) for (const [k, b] of buckets) if (level(b, t) >= burst) buckets.delete(k);
      return true;
    },
  };
}

export function createRenderGate(options: RenderGateOptions): RenderGate {
  const credit = createClientCredit(options.burst, options.refillMs, options.now);
  const clients = new Map<string, Client>();
  // Renders waiting for room, in arrival order: the first whose client has room goes when the pool has room.
  const queue: Array<{ client: Client; admitted: () => void }> = [];
  let running = 0;

  const clientOf = (key: string) => {
    let client = clients.get(key);
    if (!client) clients.set(key, (client = { running: 0, queued: 0 }));
    return client;
  };
  const forgetIfIdle = (key: string, client: Client) => {
    if (client.running === 0 && client.queued === 0) clients.delete(key);
  };
  const hasRoom = (client: Client) => client.running < options.perClient && running < options.total;
  // Counted synchronously, so a pump and a new request in the same tick cannot both take the last place.
  const admit = (client: Client) => {
    client.running += 1;
    running += 1;
  };
  const pump = () => {
    for (let i = 0; i < queue.length && running < options.total;) {
      const waiting = queue[i]!;
      if (waiting.client.running >= options.perClient) {
        i += 1;
        continue;
      }
      queue.splice(i, 1);
      waiting.client.queued -= 1;
      admit(waiting.client);
      waiting.admitted();
    }
  };
  const execute = async <T>(key: string, client: Client, task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } finally {
      running -= 1;
      client.running -= 1;
      pump();
      forgetIfIdle(key, client);
    }
  };

  return {
    tryRun(key, task) {
      const client = clientOf(key);
      // No waiting render could take this place: every one that could has been started (pump).
      if (!hasRoom(client) || !credit.take(key)) {
        forgetIfIdle(key, client);
        return null;
      }
      admit(client);
      return execute(key, client, task);
    },
    run(key, task) {
      const client = clientOf(key);
      if (client.queued >= options.queuePerClient || !credit.take(key)) {
        forgetIfIdle(key, client);
        return null;
      }
      if (client.queued === 0 && hasRoom(client)) {
        admit(client);
        return execute(key, client, task);
      }
      client.queued += 1;
      const admitted = new Promise<void>((resolve) => queue.push({ client, admitted: resolve }));
      pump();
      return admitted.then(() => execute(key, client, task));
    },
    get running() {
      return running;
    },
  };
}
