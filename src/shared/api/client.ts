import { API_BASES } from './contract/paths';
import { ApiError, NETWORK_ERROR_MESSAGE } from './errors';
import { buildUrl, type PathParams, type QueryParams } from './url';

export type ApiService = keyof typeof API_BASES;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiClientConfig {
  /** `X-Platform-Type`: 'SITE' on the website, 'TELEGRAM_MINI_APP' in Telegram. */
  platformType: string;
  getToken: () => string | null;
  bases: Record<ApiService, string>;
  fetch: typeof fetch;
}

export interface RequestOptions {
  params?: PathParams;
  query?: QueryParams;
  signal?: AbortSignal;
}

/** Runs when a response has its HTTP status; if it resolves, the request is retried once (spec §7). */
export type StatusHandler = () => Promise<void> | void;

export interface ServiceClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T>;
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

export class ApiClient implements ServiceClient {
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

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('main', 'GET', path, undefined, options);
  }
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('main', 'POST', path, body, options);
  }
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('main', 'PUT', path, body, options);
  }
  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T> {
    return this.request<T>('main', 'DELETE', path, options?.body, options);
  }

  async request<T>(service: ApiService, method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(this.config.bases[service], path, options.params, options.query);
    try {
      return await this.send<T>(url, method, body, options.signal);
    } catch (error) {
      const handler = error instanceof ApiError ? this.statusHandlers.get(error.statusCode) : undefined;
      if (!handler) throw error;
      try {
        await handler();
      } catch {
        throw error;
      }
      return this.send<T>(url, method, body, options.signal);
    }
  }

  private async send<T>(url: string, method: HttpMethod, body: unknown, signal: AbortSignal | undefined): Promise<T> {
    const headers: Record<string, string> = { 'X-Platform-Type': this.config.platformType, Accept: 'application/json' };
    const token = this.config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Fastify rejects an empty body declared as JSON, so DELETE sends one only when given.
    const payload = method === 'GET' || (method === 'DELETE' && body === undefined) ? undefined : JSON.stringify(body ?? {});
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.config.fetch(url, { method, headers, body: payload, credentials: 'include', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, error instanceof Error ? error.message : undefined);
    }
    return readEnvelope<T>(response);
  }

  private serviceClient(service: ApiService): ServiceClient {
    return {
      get: (path, options) => this.request(service, 'GET', path, undefined, options),
      post: (path, body, options) => this.request(service, 'POST', path, body, options),
      put: (path, body, options) => this.request(service, 'PUT', path, body, options),
      delete: (path, options) => this.request(service, 'DELETE', path, options?.body, options),
    };
  }
}

/** The app's one client; `app/` configures it with the platform and the session token. */
export const api = new ApiClient();
