import type { createParser as CreateParser } from 'eventsource-parser';
import { API_BASES, endpoints, type EndpointName, type Endpoints } from '@kvarta/contract';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_DETAIL } from './errors';
import { buildUrl, type PathParams, type QueryParams } from './url';

export type ApiService = keyof typeof API_BASES;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiClientConfig {
  /** `X-Platform-Type`: 'SITE' on the website, 'TELEGRAM_MINI_APP' in Telegram. */
  platformType: string;
  getToken: () => string | null;
  bases: Record<ApiService, string>;
  fetch: typeof fetch;
  /**
   * Settles once the session has its first token. Routes that need a bearer wait for it: on a server-rendered page a
   * click can come before the session has started, and asking without a token would race the session for a second
   * anonymous one (the request's effect would then belong to a user the browser never keeps).
   */
  sessionStarted?: () => Promise<void>;
}

/**
 * How long a request may wait for its answer: a read or a change by its method, or 'action' for a tap the buyer waits
 * on (a like), which must not wait as long as a change.
 */
export type RequestDeadline = 'action';

export interface RequestOptions {
  params?: PathParams;
  query?: QueryParams;
  signal?: AbortSignal;
  deadline?: RequestDeadline;
}

/** The client never changes what it sends, so readonly arrays and objects are welcome. */
type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
/** The empty object type, `{}`: a type that it extends has no required field. */
type NothingRequired = Record<never, never>;
/** A request part the route has: required unless every field of it is optional; forbidden when the route has none. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : NothingRequired extends T
    ? { [P in K]?: DeepReadonly<T> }
    : { [P in K]: DeepReadonly<T> };

/** What `call` takes for a route: its params, query and body as the contract types them, and an abort signal. */
export type CallOptions<N extends EndpointName> = Part<'params', Endpoints[N]['params']> &
  Part<'query', Endpoints[N]['query']> &
  Part<'body', Endpoints[N]['body']> & { signal?: AbortSignal; deadline?: RequestDeadline };

/** The options argument may be left out when the route needs nothing. */
type CallArgs<N extends EndpointName> = NothingRequired extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/** Runs when a response has its HTTP status; if it resolves, the request is retried once (spec §7). */
export type StatusHandler = () => Promise<void> | void;

/**
 * What a service offers besides its JSON routes (those go through `api.call` by name, typed from the contract; there is
 * no untyped get/post to reach around it).
 */
export interface ServiceClient {
  /** The data of the first message of a server-sent-event stream (read with fetch, so the bearer goes along). */
  firstEvent(path: string, options?: RequestOptions): Promise<string>;
}

function envBase(value: string | undefined, fallback: string): string {
  return value && value.length > 0 ? value.replace(/\/$/, '') : fallback;
}

function defaultBases(): Record<ApiService, string> {
  const env = import.meta.env ?? {};
  return {
    main: envBase(env.VITE_API_BASE, API_BASES.main),
    passport: envBase(env.VITE_PASSPORT_BASE, API_BASES.passport),
    botApi: envBase(env.VITE_BOT_API_BASE, API_BASES.botApi),
  };
}

/** Turns a response into `data` or an ApiError, following spec §7 "Common rules". */
async function readEnvelope<T>(response: Response): Promise<T> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(text || response.statusText || 'Произошла ошибка', response.status || 500);
  }
  if (json && typeof json === 'object' && (json as { result?: unknown }).result === 'ok') {
    return (json as { data: T }).data;
  }
  const failure = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const message = failure.message ?? failure.error;
  const statusCode = typeof failure.statusCode === 'number' ? failure.statusCode : response.status || 500;
  throw new ApiError(typeof message === 'string' && message ? message : 'Произошла ошибка', statusCode, failure.detail);
}

/**
 * How long a request may go unanswered before it fails as a lost connection. A read gets 8 s, so that with its one retry
 * after a refused connection a screen says what went wrong within 10 s instead of showing skeletons for ever; a change
 * (payment, profile) gets longer, since the server may legitimately work on it for a while; a tap the buyer waits on
 * (a like) no longer than a read. Offline nothing waits: the request fails at once. (2.5 s was tried: a busy server
 * answered a like that it had saved after that, and the buyer was told it had failed.)
 */
export const REQUEST_TIMEOUT_MS = { read: 8_000, write: 20_000, action: 8_000 } as const;

/** Reconnects of one stream after the server asked for them (its shutdown), and the longest wait it may ask. */
const MAX_STREAM_RECONNECTS = 3;
const MAX_STREAM_RETRY_MS = 10_000;
const MAX_STREAM_BUFFER = 1024 * 1024;

export class ApiClient {
  private config: ApiClientConfig;
  private readonly statusHandlers = new Map<number, StatusHandler>();
  readonly passport: ServiceClient;
  readonly botApi: ServiceClient;

  constructor(config: Partial<ApiClientConfig> = {}) {
    this.config = {
      platformType: 'SITE',
      getToken: () => null,
      bases: defaultBases(),
      fetch: (...args) => globalThis.fetch(...args),
      ...config,
    };
    this.passport = this.serviceClient('passport');
    this.botApi = this.serviceClient('botApi');
  }

  configure(config: Partial<ApiClientConfig>): void {
    this.config = { ...this.config, ...config };
  }

  /** Registers the handler for an HTTP status; returns a function that removes it. */
  onStatus(status: number, handler: StatusHandler): () => void {
    this.statusHandlers.set(status, handler);
    return () => {
      if (this.statusHandlers.get(status) === handler) this.statusHandlers.delete(status);
    };
  }

  /**
   * Calls a route of the contract by name: method, base and path come from `endpoints`, the
   * request and the answer are typed from its schemas (`api.call('cityList')`).
   */
  call<N extends EndpointName>(name: N, ...[options]: CallArgs<N>): Promise<Endpoints[N]['response']> {
    const started = this.config.sessionStarted;
    if (started && endpoints[name].access !== 'anyone') return started().then(() => this.callNow(name, ...([options] as CallArgs<N>)));
    return this.callNow(name, ...([options] as CallArgs<N>));
  }

  /**
   * Sends a route's body with navigator.sendBeacon, which still leaves while the page is hidden or closed; the answer is
   * never read. The JSON goes as text/plain (a simple request: no preflight even to another origin; the route takes it),
   * and where beacons are missing, as a keepalive fetch.
   */
  beacon<N extends EndpointName>(name: N, body: Endpoints[N]['body']): void {
    const { service, path } = endpoints[name];
    const url = buildUrl(this.config.bases[service], path);
    const payload = JSON.stringify(body);
    try {
      if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, payload)) return;
      void this.config
        .fetch(url, { method: 'POST', body: payload, headers: { 'Content-Type': 'text/plain' }, keepalive: true, credentials: 'include' })
        .catch(() => undefined);
    } catch {
      /* a report that cannot leave is dropped */
    }
  }

  private callNow<N extends EndpointName>(name: N, ...[options]: CallArgs<N>): Promise<Endpoints[N]['response']> {
    const { service, method, path } = endpoints[name];
    const { params, query, body, signal, deadline } = (options ?? {}) as {
      params?: PathParams;
      query?: QueryParams;
      body?: unknown;
      signal?: AbortSignal;
      deadline?: RequestDeadline;
    };
    const rest: RequestOptions = {
      ...(params && { params }),
      ...(query && { query }),
      ...(signal && { signal }),
      ...(deadline && { deadline }),
    };
    // A GET never has a body; a DELETE sends one only when given.
    return this.request<Endpoints[N]['response']>(service, method, path, method === 'GET' ? undefined : body, rest);
  }

  private async request<T>(
    service: ApiService,
    method: HttpMethod,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const url = buildUrl(this.config.bases[service], path, options.params, options.query);
    try {
      return await this.send<T>(url, method, body, options);
    } catch (error) {
      const handler = error instanceof ApiError ? this.statusHandlers.get(error.statusCode) : undefined;
      if (!handler) throw error;
      try {
        await handler();
      } catch {
        throw error;
      }
      return this.send<T>(url, method, body, options);
    }
  }

  private async send<T>(url: string, method: HttpMethod, body: unknown, { signal, deadline: kind }: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { 'X-Platform-Type': this.config.platformType, Accept: 'application/json' };
    const token = this.config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Fastify rejects an empty body declared as JSON, so DELETE sends one only when given.
    const payload = method === 'GET' || (method === 'DELETE' && body === undefined) ? undefined : JSON.stringify(body ?? {});
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    // The caller's signal and the deadline in one: aborted by whichever comes first.
    const deadline = new AbortController();
    const waitMs = kind === 'action' ? REQUEST_TIMEOUT_MS.action : method === 'GET' ? REQUEST_TIMEOUT_MS.read : REQUEST_TIMEOUT_MS.write;
    const timer = setTimeout(() => deadline.abort(TIMEOUT_DETAIL), waitMs);
    if (signal?.aborted) deadline.abort(signal.reason);
    signal?.addEventListener('abort', () => deadline.abort(signal.reason), { once: true });
    try {
      const response = await this.config.fetch(url, { method, headers, body: payload, credentials: 'include', signal: deadline.signal });
      return await readEnvelope<T>(response);
    } catch (error) {
      if (error instanceof ApiError || signal?.aborted) throw error;
      const timedOut = deadline.signal.reason === TIMEOUT_DETAIL;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, timedOut ? TIMEOUT_DETAIL : error instanceof Error ? error.message : undefined);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Reads a server-sent-event stream until its first message and returns that message's data.
   * EventSource cannot send headers; the binding stream is only answered to the bearer that asked
   * for it, so it is read with fetch and the session's Authorization header.
   */
  firstEvent(path: string, options?: RequestOptions): Promise<string> {
    return this.readFirstEvent('main', path, options);
  }

  private async readFirstEvent(service: ApiService, path: string, options: RequestOptions = {}): Promise<string> {
    // A server going down ends its streams with a `retry:` hint: come back after it (to another instance), a few times.
    for (let reconnects = 0; ; reconnects++) {
      const event = await this.readEventOnce(service, path, options);
      if (event.data !== null) return event.data;
      if (reconnects >= MAX_STREAM_RECONNECTS) throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'stream ended without a message');
      await new Promise((resolve) => setTimeout(resolve, event.retryMs));
    }
  }

  /** One connection: the first message's data, or null with the server's reconnect hint when it ended without one. */
  private async readEventOnce(
    service: ApiService,
    path: string,
    options: RequestOptions,
  ): Promise<{ data: string; retryMs?: never } | { data: null; retryMs: number }> {
    const url = buildUrl(this.config.bases[service], path, options.params, options.query);
    const headers: Record<string, string> = { 'X-Platform-Type': this.config.platformType, Accept: 'text/event-stream' };
    const token = this.config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // The stream's parser is fetched with the first stream (a sign-in through the bot), never with the first screen.
    const parserLoaded = import('eventsource-parser');
    parserLoaded.catch(() => undefined);
    let response: Response;
    try {
      response = await this.config.fetch(url, {
        method: 'GET',
        headers,
        credentials: 'include',
        signal: options.signal,
        cache: 'no-store',
      });
    } catch (error) {
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, error instanceof Error ? error.message : undefined);
    }
    if (!response.ok || !response.body) return readEnvelope<never>(response);
    let createParser: typeof CreateParser;
    try {
      ({ createParser } = await parserLoaded);
    } catch (error) {
      void response.body.cancel().catch(() => undefined);
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, error instanceof Error ? error.message : undefined);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    // The first message with data wins; comments (': keep-alive') and a `retry:` hint alone carry none. A stream that
    // buffers past a megabyte without ending a message is not ours to keep reading.
    const seen: { data: string | null; retryMs?: number; broken?: string } = { data: null };
    const parser = createParser({
      maxBufferSize: MAX_STREAM_BUFFER,
      onEvent: (event) => void (seen.data ??= event.data),
      onRetry: (ms) => void (seen.retryMs = Math.min(ms, MAX_STREAM_RETRY_MS)),
      onError: (error) => void (error.type === 'max-buffer-size-exceeded' && (seen.broken = error.message)),
    });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (value) parser.feed(decoder.decode(value, { stream: true }));
        if (seen.data !== null) return { data: seen.data };
        if (seen.broken) throw new ApiError(NETWORK_ERROR_MESSAGE, 0, seen.broken);
        if (done) {
          if (seen.retryMs !== undefined) return { data: null, retryMs: seen.retryMs };
          throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'stream ended without a message');
        }
      }
    } finally {
      void reader.cancel().catch(() => undefined);
    }
  }

  private serviceClient(service: ApiService): ServiceClient {
    return {
      firstEvent: (path, options) => this.readFirstEvent(service, path, options),
    };
  }
}

/** The app's one client; `app/` configures it with the platform and the session token. */
export const api = new ApiClient();
