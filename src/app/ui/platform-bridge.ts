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
