import { usePlatform } from '@platform';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useCanGoBack, useLocation, useNavigate } from '@/shared/router';
import { themeDictated } from '@/features/theme-toggle';
import { ROUTES } from '@/shared/api';

/** Native BackButton on every route but HOME; Telegram's colour scheme followed live. */
export function usePlatformBridge(): void {
  const platform = usePlatform();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const dictate = useUnit(themeDictated);
  const backButton = platform.backButton;

  useEffect(() => {
    if (!backButton) return;
    if (pathname === ROUTES.HOME) backButton.hide();
    else backButton.show();
  }, [backButton, pathname]);

  useEffect(() => {
    if (!backButton) return;
    return backButton.onClick(() => {
      if (canGoBack()) navigate(-1);
      else navigate(ROUTES.HOME);
    });
  }, [backButton, navigate, canGoBack]);

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
