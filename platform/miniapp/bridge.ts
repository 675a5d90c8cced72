/**
 * Telegram's Mini App protocol, both ways (what telegram-web-app.js speaks): methods go out through the webview proxy
 * (mobile apps), `window.external.notify` (Windows desktop) or a message to the parent frame (web clients); events come
 * in through `window.Telegram.WebView.receiveEvent` (and its game-proxy aliases) or, for web clients, parent messages.
 */

export type EventListener = (data: unknown) => void;

/** Telegram's web clients (web.telegram.org/k and /a) hold the Mini App in a frame of this origin. */
const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org';

interface TelegramWindow {
  TelegramWebviewProxy?: { postEvent?: (eventType: string, eventData: string) => void };
  external?: { notify?: (message: string) => void };
  Telegram?: { WebView?: { receiveEvent?: (eventType: string, eventData?: unknown) => void } };
  TelegramGameProxy?: { receiveEvent?: (eventType: string, eventData?: unknown) => void };
  TelegramGameProxy_receiveEvent?: (eventType: string, eventData?: unknown) => void;
}

export type Transport = 'webview' | 'external' | 'iframe' | 'none';

/** Where this client listens; 'none' when nobody does (a developer's browser: calls then go nowhere). */
export function detectTransport(win: Window = window): Transport {
  const w = win as unknown as TelegramWindow;
  if (typeof w.TelegramWebviewProxy?.postEvent === 'function') return 'webview';
  if (typeof w.external?.notify === 'function') return 'external';
  if (win.parent !== win) return 'iframe';
  return 'none';
}

export interface Bridge {
  readonly transport: Transport;
  postEvent(eventType: string, eventData?: Record<string, unknown>): void;
  /** Returns an unsubscribe function. */
  on(eventType: string, listener: EventListener): () => void;
}

/** Web clients send `{eventType, eventData}` as a JSON string; anything else in a message is not Telegram's. */
function parseMessage(data: unknown): { eventType: string; eventData: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { eventType, eventData } = parsed as { eventType?: unknown; eventData?: unknown };
    return typeof eventType === 'string' ? { eventType, eventData } : null;
  } catch {
    return null;
  }
}

export function createBridge(win: Window = window): Bridge {
  const transport = detectTransport(win);
  const w = win as unknown as TelegramWindow;
  const listeners = new Map<string, Set<EventListener>>();

  const receive = (eventType: unknown, eventData?: unknown) => {
    if (typeof eventType !== 'string') return;
    for (const listener of [...(listeners.get(eventType) ?? [])]) {
      try {
        listener(eventData);
      } catch {
        /* one listener's failure must not stop the others */
      }
    }
  };
  w.Telegram = { ...w.Telegram, WebView: { ...w.Telegram?.WebView, receiveEvent: receive } };
  w.TelegramGameProxy = { ...w.TelegramGameProxy, receiveEvent: receive };
  w.TelegramGameProxy_receiveEvent = receive;
  win.addEventListener('message', (event: MessageEvent) => {
    // Only the Telegram web client that holds us speaks for Telegram.
    if (win.parent === win || event.source !== win.parent || event.origin !== TELEGRAM_WEB_ORIGIN) return;
    const message = parseMessage(event.data);
    if (message) receive(message.eventType, message.eventData);
  });

  return {
    transport,
    postEvent(eventType, eventData) {
      const payload = eventData ?? {};
      if (transport === 'webview') w.TelegramWebviewProxy!.postEvent!(eventType, JSON.stringify(payload));
      else if (transport === 'external') w.external!.notify!(JSON.stringify({ eventType, eventData: payload }));
      else if (transport === 'iframe') win.parent.postMessage(JSON.stringify({ eventType, eventData: payload }), TELEGRAM_WEB_ORIGIN);
    },
    on(eventType, listener) {
      const set = listeners.get(eventType) ?? new Set<EventListener>();
      set.add(listener);
      listeners.set(eventType, set);
      return () => set.delete(listener);
    },
  };
}
