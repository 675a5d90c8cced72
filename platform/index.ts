/**
 * The seam between the app and where it runs (website, Telegram Mini App, tests).
 * Only types and a React context live here: each build aliases `@platform/impl`
 * to one implementation, so the website bundle never carries the Telegram SDK.
 * Optional capabilities are optional members, never `if (isTelegram)` branches in views.
 */
import type { VitalPlatform, VitalSurface } from '@kvarta/contract/vitals-rules';
import { createContext, useContext, type ComponentType, type HTMLAttributes, type ReactNode, type Ref } from 'react';

/** How Telegram's invoice sheet closed (event invoice_closed). */
export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';
export type ColorScheme = 'light' | 'dark';

/** Value of the `X-Platform-Type` header the API client sends. */
export type ApiPlatformType = 'SITE' | 'TELEGRAM_MINI_APP';

/** How the app signs in before its first API call, decided by where it runs. */
export type AuthBootstrap =
  /** Telegram Mini App: raw initData query string, verified by the server. */
  | { kind: 'telegram-init-data'; initData: string }
  /** The website opened by Telegram's Login Widget callback: its fields (already taken out of the address). */
  | { kind: 'telegram-login-widget'; fields: Record<string, string> }
  /** Nothing platform-specific: use the stored token or ask for an anonymous one. */
  | { kind: 'none' };

/** A sign-in or binding through the bot: its deep link and the web version of it. */
export interface BindingLinks {
  deepLink: string;
  webFallbackLink: string;
}

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

/** How Telegram's share sheet for a prepared message closed: sent, closed without sending, or refused. */
export type ShareMessageOutcome = 'sent' | 'cancelled' | 'failed';

/**
 * Small settings kept with the user's Telegram account (CloudStorage: per user and bot, on each of their devices), so
 * the next launch anywhere starts where the buyer left off.
 */
export interface SyncedStorage {
  /** The stored values of these keys; a key never written (or not readable now) is absent. Never rejects. */
  read(keys: readonly string[]): Promise<Record<string, string>>;
  /** Best effort: a write Telegram refuses is dropped. */
  write(key: string, value: string): void;
}

/** The buyer's location, or why there is none: they refused (or never allowed it), or the device cannot tell. */
export type LocationAnswer = { ok: true; latitude: number; longitude: number } | { ok: false; reason: 'denied' | 'unavailable' };

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

/** What one of Telegram's bottom buttons shows (MainButton, SecondaryButton). */
export interface BottomButtonState {
  text: string;
  visible: boolean;
  /** False: shown greyed out, presses ignored (an invalid form). */
  enabled: boolean;
  /** A spinner inside the button while its action runs. */
  progress: boolean;
}

/** Telegram's MainButton or SecondaryButton: below the page, outside it. */
export interface BottomButton {
  set(state: BottomButtonState): void;
  /** Returns an unsubscribe function. */
  onClick(listener: () => void): () => void;
}

/** Colours of Telegram's own chrome around the page, `#rrggbb`. */
export interface ChromeColors {
  header: string;
  background: string;
}

/** A row of a native list: a link inside the app (`to`), a button (`onClick`), or plain content. */
export interface NativeCellProps {
  children: ReactNode;
  subtitle?: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
  to?: string;
  onClick?: () => void;
  testId?: string;
}

/** A text field of a native form: its label is its accessible name; the form says what is wrong under it. */
export interface NativeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** 'error' draws the field as wrong (and marks it aria-invalid). */
  status?: 'error' | 'default';
  /** Content after the text, e.g. a unit. */
  after?: ReactNode;
  id?: string;
  name?: string;
  type?: 'text' | 'tel' | 'email';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  /** The id of the text that explains the field (its error). */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A setting that is on or off, in a native list row. */
export interface NativeToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** More words after the label, smaller (still part of the control's name). */
  hint?: string;
  disabled?: boolean;
  testId?: string;
}

/** A checkbox row: its label may carry a link; a wrong one says so through `invalid` and `describedBy`. */
export interface NativeCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

/** A tab of the native tab bar: a link inside the app (`to`) or a button (the menu, the assistant). */
export interface NativeTab {
  label: string;
  icon: ReactNode;
  selected: boolean;
  to?: string;
  onClick?: (event: { preventDefault(): void }) => void;
  /** A button that opens a panel: whether it is open, and the panel's id. */
  expanded?: boolean;
  controls?: string;
  testId?: string;
}

/**
 * The Mini App's own surfaces drawn with Telegram's components (telegram-ui): its menu, settings, lists and empty
 * states look native on iOS and Android. Only the Mini App build has them; content screens never use them.
 */
export interface NativeUi {
  /** AppRoot with Telegram's platform (iOS or the base look) and its current appearance (light or dark). */
  Root: ComponentType<{ children: ReactNode }>;
  List: ComponentType<{ children: ReactNode; label?: string }>;
  Section: ComponentType<{ header?: ReactNode; footer?: ReactNode; children: ReactNode }>;
  Cell: ComponentType<NativeCellProps>;
  /**
   * A setting's row: the label (and its `hint`, part of the switch's name as on the website) with Telegram's switch.
   */
  Switch: ComponentType<NativeToggleProps>;
  /** A consent or choice row: Telegram's checkbox before its label, which may hold a link. */
  Checkbox: ComponentType<NativeCheckboxProps>;
  /** A press calls `onClick`; `submit` makes it its form's submit button instead. */
  Button: ComponentType<{
    children: ReactNode;
    onClick?: () => void;
    submit?: boolean;
    mode?: 'filled' | 'bezeled' | 'plain';
    disabled?: boolean;
  }>;
  Input: ComponentType<NativeInputProps>;
  /** The tab bar at the bottom, a navigation landmark named `label` (at most five tabs). */
  Tabbar: ComponentType<{ label: string; items: readonly NativeTab[] }>;
  /** An empty or finished state: the picture (children), a header and/or a description, and an action. */
  Placeholder: ComponentType<{ header?: ReactNode; description?: ReactNode; action?: ReactNode; children?: ReactNode }>;
}

/** How money is taken here: a card form on the website; inside Telegram, Telegram Stars only (its rule for digital goods). */
export type PaymentMethodKind = 'card' | 'stars';

export interface Platform {
  /** What this build sells with, the first being the one offered. */
  readonly payments: { readonly methods: readonly PaymentMethodKind[] };
  readonly apiPlatformType: ApiPlatformType;
  /** Called once before the router mounts (Telegram: init SDK, mount components, bind CSS vars, ready()). */
  init(): Promise<void>;
  auth: {
    /** How to sign in at start; called once (the website takes a Login Widget callback out of the address then). */
    bootstrap(): AuthBootstrap;
    /**
     * Who says who the user is. 'platform': Telegram (initData) — signing in again asks it, never the login modal or a
     * binding. 'own': the app's sign-in (the login modal, binding through the bot).
     */
    readonly identity: 'platform' | 'own';
    /**
     * Opens the bot's deep link of a sign-in or binding. The website also opens the bot's web version after 10 s where
     * the native app may be missing (spec §4 step 4), unless stopped: returns that stop.
     */
    openBinding(links: BindingLinks): () => void;
  };
  /** What error reports and real-user speed say about where the app runs. */
  readonly telemetry: {
    readonly surface: VitalSurface;
    /** Asked once the page runs in a browser (never while the server renders). */
    readonly vitalPlatform: () => VitalPlatform;
  };
  tokenStorage: TokenStorage;
  /**
   * Deletes this page's cookies whose names match, on this host and its parent domains (an outside service's
   * identifiers, once its consent is withdrawn).
   */
  forgetCookies(names: RegExp): void;
  theme: ThemeSource;
  /**
   * Always the phone layout, whatever the width (the Mini App: Telegram frames it like a phone screen, its own
   * controls around it), so the website's side bar is never shown (`<html data-layout="compact">`; the markup stays
   * the server's, so hydration matches).
   */
  readonly compactLayout?: boolean;
  /** Native back button (Mini App only). */
  backButton?: BackButton;
  /** Haptic feedback (Mini App only). */
  haptics?: Haptics;
  /** Telegram's MainButton (Mini App only): the screen's primary action, in place of the page's own button. */
  mainButton?: BottomButton;
  /** Telegram's SecondaryButton (Mini App only, Bot API 7.10+): the second action beside the main one. */
  secondaryButton?: BottomButton;
  /** Mini App only (6.2+): while true, Telegram asks the user before closing the app (a form has unsaved edits). */
  setClosingConfirmation?: (needed: boolean) => void;
  /** Mini App only (7.7+): whether a vertical swipe may minimise or close the app (off while the user drags something). */
  setVerticalSwipes?: (allowed: boolean) => void;
  /** Mini App only (6.1+): paints Telegram's header and the background behind the page. */
  setChromeColors?: (colors: ChromeColors) => void;
  /**
   * Mini App only: opens a Telegram Stars invoice and resolves with how it closed. `returnPath` is where the
   * offline stand-in's invoice page sends the browser back (it replaces the page; Telegram keeps the app open).
   */
  openInvoice?(link: string, returnPath: string): Promise<InvoiceStatus>;
  /** Telegram's Settings button in the app's menu (Mini App only, 6.10+): shown while someone listens. */
  settingsButton?: { onClick(listener: () => void): () => void };
  /**
   * Mini App only (6.9+): may the bot write to this user first? Asked at most once per user on this device (a user who
   * already allows it is never asked); resolves true when it may. A refusal is kept and never asked again.
   */
  askWriteAccess?: () => Promise<boolean>;
  /** Mini App only: Telegram's share sheet for a link (the chat shows the page's link preview) with a text. */
  shareLink?: (url: string, text: string) => void;
  /**
   * Mini App only (8.0+): Telegram's share sheet for a message the bot prepared for this user (the id the server got
   * from savePreparedInlineMessage). Absent on an older client: share a link with `shareLink` there.
   */
  shareMessage?: (preparedId: string) => Promise<ShareMessageOutcome>;
  /** Mini App only (6.9+): Telegram's CloudStorage for the buyer's last city and views. */
  syncedStorage?: SyncedStorage;
  /**
   * The buyer's location, asked when they press «Рядом со мной»: Telegram's location in the Mini App (8.0+), the
   * browser's geolocation on the website. Never rejects.
   */
  requestLocation?: () => Promise<LocationAnswer>;
  /** Mini App only (8.0+): Telegram's fullscreen, for the map and the gallery on phones. */
  fullscreen?: { enter(): void; exit(): void; active(): boolean };
  /** Mini App only (8.0+): asks Telegram to add the app to the phone's home screen. */
  addToHomeScreen?: () => void;
  /** Telegram's own components for the Mini App's menu, settings and sheets (Mini App only). */
  ui?: NativeUi;
  /** The launch's start parameter (Mini App `startapp`, e.g. `apart_123` from the bot's «Открыть»). */
  startParam?: () => string | null;
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform must be used within PlatformContext');
  return platform;
}
