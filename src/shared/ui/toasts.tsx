import { useUnit } from 'effector-react';
import { $notifications, notificationDismissed } from '../model';

/** The notification queue on screen: errors are announced assertively, the rest politely. */
export function Toasts() {
  const [items, dismiss] = useUnit([$notifications, notificationDismissed]);
  return (
    <div className="kv-toasts" aria-live="polite">
      {items.map((n) => (
        <div key={n.id} className={`kv-toast kv-toast--${n.type}`} role={n.type === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          <button type="button" className="kv-icon-button" onClick={() => dismiss(n.id)} aria-label="Закрыть уведомление">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
