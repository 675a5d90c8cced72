import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { $notifications, notificationDismissed } from '../model';
import { useHaptics } from './native-controls';

/** The notification queue on screen: errors are announced assertively, the rest politely. */
export function Toasts() {
  const [items, dismiss] = useUnit([$notifications, notificationDismissed]);
  const haptics = useHaptics();
  // Each error that appears is also felt (Telegram's error haptic); shown ones are remembered so a re-render is silent.
  const felt = useRef(new Set<number>());
  useEffect(() => {
    for (const n of items) {
      if (n.type !== 'error' || felt.current.has(n.id)) continue;
      felt.current.add(n.id);
      haptics.notification('error');
    }
  }, [items, haptics]);
  return (
    <div className="kv-toasts" aria-live="polite">
      {items.map((n) => (
        <div key={n.id} className={`kv-toast kv-toast--${n.type}`} role={n.type === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          {n.retry && (
            <button
              type="button"
              className="kv-button kv-toast__retry"
              onClick={() => {
                dismiss(n.id);
                n.retry?.();
              }}
            >
              Повторить
            </button>
          )}
          <button type="button" className="kv-icon-button" onClick={() => dismiss(n.id)} aria-label="Закрыть уведомление">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
