import { usePlatform, type BottomButton, type LocationAnswer, type NativeUi, type ShareMessageOutcome } from '@platform';
import { useUnit } from 'effector-react';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';
import { notificationShown } from '../../model';
import { holdOf, ownersOf, type ButtonClaim, type ButtonLayer } from './owners';

const noSubscription = () => () => undefined;

/**
 * The platform's value on the client, or the fallback during the server's render and hydration: whatever a control
 * built on it draws appears right after hydration, so the server's markup still matches.
 */
function useAfterHydration<T>(value: T, fallback: T): T {
  return useSyncExternalStore(
    noSubscription,
    () => value,
    () => fallback,
  );
}

interface NativeButtonOptions {
  text: string;
  onClick: () => void;
  disabled?: boolean;
  /** A spinner in the button (saving, paying). */
  progress?: boolean;
  /** False: this screen has no such action now (the button is hidden while this screen holds it). */
  visible?: boolean;
  /** 'overlay' for the drawer's forms and modals, 'sheet' for the drawer itself: they win over the page's beneath. */
  layer?: ButtonLayer;
  /** False: this part holds no claim at all now (the drawer while closed). */
  active?: boolean;
}

/**
 * Telegram's bottom button, or undefined on the website and while the server's markup hydrates: the page renders its
 * own button there, as the server did (it cannot know the Telegram client's buttons), and hides it right after.
 */
function useBottomButton(platformButton: BottomButton | undefined, options: NativeButtonOptions): boolean {
  const button = useAfterHydration(platformButton, undefined);
  const { text, disabled = false, progress = false, visible = true, layer = 'page', active = true } = options;
  const state = { text, visible, enabled: !disabled, progress };
  const click = useRef(options.onClick);
  click.current = options.onClick;
  const claim = useRef<ButtonClaim | null>(null);
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    if (!button || !active) return;
    const held = ownersOf(button).claim(layer, latest.current, () => click.current());
    claim.current = held;
    return () => {
      held.release();
      claim.current = null;
    };
  }, [button, layer, active]);
  useEffect(() => {
    claim.current?.update({ text, visible, enabled: !disabled, progress }, () => click.current());
  }, [text, visible, disabled, progress]);
  return button !== undefined;
}

/**
 * The screen's primary action on Telegram's MainButton. Returns true when the native button is in use: the page then
 * hides its own primary button. On the website it does nothing and returns false (our own buttons stay).
 */
export function useMainButton(options: NativeButtonOptions): boolean {
  return useBottomButton(usePlatform().mainButton, options);
}

/** The second action on Telegram's SecondaryButton (Bot API 7.10+); false where there is none. */
export function useSecondaryButton(options: NativeButtonOptions): boolean {
  return useBottomButton(usePlatform().secondaryButton, options);
}

/** While `needed` (a form with unsaved edits), Telegram asks before the app is closed. */
export function useClosingConfirmation(needed: boolean): void {
  const setter = usePlatform().setClosingConfirmation;
  useEffect(() => {
    if (!setter || !needed) return;
    return holdOf(setter, false)();
  }, [setter, needed]);
}

/**
 * While the user drags inside the element (a map, a photo slider, a bottom sheet), a vertical swipe must move that and
 * not minimise the Mini App: Telegram's vertical swipes are off from the touch until it ends. `mounted`: false while
 * the element is not rendered (the effect attaches again when it is).
 */
export function useSwipeGuard(element: RefObject<HTMLElement | null>, mounted = true): void {
  const setter = usePlatform().setVerticalSwipes;
  useEffect(() => {
    const target = element.current;
    if (!setter || !target || !mounted) return;
    const hold = holdOf(setter, true);
    let release: (() => void) | null = null;
    const end = () => {
      release?.();
      release = null;
    };
    // A touch fires touchstart and then pointerdown: one hold for both.
    const start = () => {
      release ??= hold();
    };
    const ends = ['pointerup', 'pointercancel', 'touchend', 'touchcancel'] as const;
    target.addEventListener('pointerdown', start);
    target.addEventListener('touchstart', start, { passive: true });
    for (const type of ends) window.addEventListener(type, end);
    return () => {
      end();
      target.removeEventListener('pointerdown', start);
      target.removeEventListener('touchstart', start);
      for (const type of ends) window.removeEventListener(type, end);
    };
  }, [setter, element, mounted]);
}

interface HapticFeedback {
  /** A reaction (like, dislike) or another press that changes something. */
  impact(style?: 'light' | 'medium' | 'heavy'): void;
  notification(type: 'success' | 'error' | 'warning'): void;
  /** The user chose another option (a tab, a radio, a chip). */
  selection(): void;
}

/** Telegram's haptics where the client has them; nothing on the website or an old client. */
export function useHaptics(): HapticFeedback {
  const haptics = usePlatform().haptics;
  return useMemo(
    () => ({
      impact: (style = 'light') => haptics?.impact(style),
      notification: (type) => haptics?.notification(type),
      selection: () => haptics?.selectionChanged(),
    }),
    [haptics],
  );
}

/** What the buyer reads after refusing: the agent cannot write first, and where its finds still are. */
export const WRITE_ACCESS_REFUSED =
  'Без разрешения бот не сможет присылать вам новые квартиры в Telegram: ИИ Поиск продолжит подбирать их, смотрите их во вкладке «ИИ Поиск».';

/**
 * Asks Telegram, once, whether the bot may write to the buyer (one who opened the app from a link never pressed /start,
 * and the agent could not send them anything). A refusal is told once, with where the finds will be instead. Nothing on
 * the website.
 */
export function useWriteAccessRequest(): () => void {
  const ask = usePlatform().askWriteAccess;
  const notify = useUnit(notificationShown);
  return useCallback(() => {
    if (!ask) return;
    void ask().then((allowed) => {
      if (!allowed) notify({ text: WRITE_ACCESS_REFUSED });
    });
  }, [ask, notify]);
}

/**
 * Telegram's own components (the Mini App), or null (the website, and the server's render: a surface drawn with them
 * replaces the server's markup right after hydration, so hydration still matches).
 */
export function useNativeUi(): NativeUi | null {
  return useAfterHydration(usePlatform().ui ?? null, null);
}

/**
 * Telegram's share sheet for a link, or null where there is none (the website, and the server's render: the control
 * that uses it appears after hydration, so the server's markup still matches).
 */
export function useShareLink(): ((url: string, text: string) => void) | null {
  return useAfterHydration(usePlatform().shareLink ?? null, null);
}

/**
 * Telegram's share sheet for a message the bot prepared (8.0+), or null where there is none (the website, an older
 * client, the server's render).
 */
export function useShareMessage(): ((preparedId: string) => Promise<ShareMessageOutcome>) | null {
  return useAfterHydration(usePlatform().shareMessage ?? null, null);
}

/**
 * The buyer's location where the platform can ask for it (Telegram's or the browser's), or null (the server's render:
 * the «Рядом со мной» button appears after hydration).
 */
export function useRequestLocation(): (() => Promise<LocationAnswer>) | null {
  return useAfterHydration(usePlatform().requestLocation ?? null, null);
}

/**
 * While `active` (the gallery, the map), the Mini App takes the whole phone screen (Telegram's fullscreen, phones only);
 * it leaves fullscreen when done, unless it was already fullscreen before.
 */
export function useNativeFullscreen(active: boolean): void {
  const fullscreen = usePlatform().fullscreen;
  useEffect(() => {
    if (!fullscreen || !active || fullscreen.active()) return;
    fullscreen.enter();
    return () => fullscreen.exit();
  }, [fullscreen, active]);
}
