/**
 * The seam between the app and where it runs (website, Telegram Mini App, tests).
 * Only types and a React context live here: each build aliases `@platform/impl`
 * to one implementation, so the website bundle never carries the Telegram SDK.
 * Optional capabilities are optional members, never `if (isTelegram)` branches in views.
 */
import { createContext, useContext } from 'react';

export type PlatformKind = 'web' | 'miniapp' | 'test';
/** How Telegram's invoice sheet closed (event invoice_closed). */
export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';
export type ColorScheme = 'light' | 'dark';

/** Value of the `X-Platform-Type` header the API client sends. */
export type ApiPlatformType = 'SITE' | 'TELEGRAM_MINI_APP';

/** How the app signs in before its first API call, decided by where it runs. */
export type AuthBootstrap =
  /** Telegram Mini App: raw initData query string, verified by the server. */
  | { kind: 'telegram-init-data'; initData: string }
  /** Nothing platform-specific: use the stored token or ask for an anonymous one. */
  | { kind: 'none' };

export interface TokenStorage {
  get(): string | null;
  /** `expiresAt` is a unix time in seconds (the JWT `exp`). */
  set(token: string, expiresAt?: number): void;
  clear(): void;
}

/** Telegram's theme: the colour scheme plus its palette (CSS colours by name). */
export interface ExternalTheme {
  scheme: ColorScheme;
  params: Record<string, string>;
}

/** Where the colour scheme comes from. The website lets the user choose; Telegram dictates it. */
export interface ThemeSource {
  /** True when the scheme is dictated from outside (Telegram) and the user toggle is hidden. */
  readonly external: boolean;
  current(): ExternalTheme | null;
  /** Calls back on every change; returns an unsubscribe function. */
  subscribe(listener: (theme: ExternalTheme) => void): () => void;
}

export interface BackButton {
  show(): void;
  hide(): void;
  /** Returns an unsubscribe function. */
  onClick(listener: () => void): () => void;
}

export interface Haptics {
  impact(style: 'light' | 'medium' | 'heavy'): void;
  notification(type: 'success' | 'error' | 'warning'): void;
  selectionChanged(): void;
}

export interface SafeAreaInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Platform {
  readonly kind: PlatformKind;
  readonly apiPlatformType: ApiPlatformType;
  /** Called once before the router mounts (Telegram: init SDK, mount components, bind CSS vars, ready()). */
  init(): Promise<void>;
  auth: {
    bootstrap(): AuthBootstrap;
  };
  tokenStorage: TokenStorage;
  theme: ThemeSource;
  /** Opens an external page (Telegram: openLink; web: new tab). */
  openLink(url: string): void;
  /** Opens a t.me link (Telegram: openTelegramLink; web: navigates a new tab). */
  openTelegramLink(url: string): void;
  /** Native back button (Mini App only). */
  backButton?: BackButton;
  /** Haptic feedback (Mini App only). */
  haptics?: Haptics;
  /** Viewport safe area; the implementation also keeps `--safe-area-inset-*` CSS variables up to date. */
  safeArea?: () => SafeAreaInsets;
  /**
   * Mini App only: opens a Telegram Stars invoice and resolves with how it closed. `returnPath` is where the
   * offline stand-in's invoice page sends the browser back (it replaces the page; Telegram keeps the app open).
   */
  openInvoice?(link: string, returnPath: string): Promise<InvoiceStatus>;
  /** The launch's start parameter (Mini App `startapp`, e.g. `apart_123` from the bot's «Открыть»). */
  startParam?: () => string | null;
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform must be used within PlatformContext');
  return platform;
}
