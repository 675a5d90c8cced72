import { usePlatform } from '@platform';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { themeDictated } from '@/features/theme-toggle';
import { ROUTES } from '@/shared/api';
import { closeTopLayer, useOpenLayerCount } from '@/shared/ui';

/**
 * Whether the history entry before this one is still inside the app: react-router numbers its entries in
 * `history.state.idx` from 0, the entry the app opened on (Telegram's BackButton goes back, else home).
 */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

/**
 * Native BackButton on every route but HOME, and on any route while a modal, sheet or menu is open: a press closes the
 * top one of those first, and only with none open goes back. Telegram's Settings button opens the AI-search settings.
 * Telegram's colour scheme followed live.
 */
export function usePlatformBridge(): void {
  const platform = usePlatform();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dictate = useUnit(themeDictated);
  const backButton = platform.backButton;
  const layers = useOpenLayerCount();

  useEffect(() => {
    if (!backButton) return;
    if (pathname === ROUTES.HOME && layers === 0) backButton.hide();
    else backButton.show();
  }, [backButton, pathname, layers]);

  useEffect(() => {
    if (!backButton) return;
    return backButton.onClick(() => {
      if (closeTopLayer()) return;
      void (canGoBack() ? navigate(-1) : navigate(ROUTES.HOME));
    });
  }, [backButton, navigate]);

  useEffect(() => platform.settingsButton?.onClick(() => void navigate(`${ROUTES.AGENT}?settings=1`)), [platform, navigate]);

  useEffect(() => {
    if (!platform.theme.external) return;
    return platform.theme.subscribe((theme) => dictate(theme.scheme));
  }, [platform, dictate]);
}

/** `rgb(35, 46, 60)` (what getComputedStyle answers) as `#232e3c`; null for anything else (transparent, rgba). */
export function rgbToHex(css: string): string | null {
  const m = /^rgb\((\d{1,3}), (\d{1,3}), (\d{1,3})\)$/.exec(css.trim());
  if (!m) return null;
  return `#${m
    .slice(1, 4)
    .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * Telegram's header and the background behind the page take the page's own background, so the app reads as one
 * surface: on start, when the scheme changes and when Telegram sends a new palette. Call after `data-theme` is set.
 */
export function useChromeColors(scheme: string): void {
  const platform = usePlatform();
  useEffect(() => {
    const paint = platform.setChromeColors;
    if (!paint) return;
    const apply = () => {
      const colour = rgbToHex(getComputedStyle(document.body).backgroundColor);
      if (colour) paint({ header: colour, background: colour });
    };
    apply();
    return platform.theme.subscribe(apply);
  }, [platform, scheme]);
}
