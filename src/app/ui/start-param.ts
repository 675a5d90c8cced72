import { usePlatform } from '@platform';
import { useQueryClient } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { notificationShown } from '@/shared/model';

/**
 * Opens where the launch's start parameter points (start-target.ts), once. Only a launch with a parameter loads that
 * code: most visits have none.
 */
export function useStartParamRoute(): void {
  const platform = usePlatform();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useUnit(notificationShown);
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const param = platform.startParam?.();
    if (!param) return;
    void (async () => {
      const { startPath, startTarget } = await import('./start-target');
      try {
        const path = await startPath(param, queryClient);
        if (path) await navigate(path, { replace: true });
      } catch {
        if (startTarget(param)?.kind === 'apartment')
          notify({ text: 'Не удалось открыть квартиру из сообщения: возможно, она уже продана.' });
      }
    })();
  }, [platform, navigate, queryClient, notify]);
}
