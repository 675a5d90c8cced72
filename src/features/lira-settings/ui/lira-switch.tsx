import { useUnit } from 'effector-react';
import { drawerViewRequested } from '@/shared/model';

/** LIRA_SWITCH 'Что хотите изменить?': main settings or alternatives. */
export function LiraSwitch() {
  const open = useUnit(drawerViewRequested);
  return (
    <div className="kv-lira-actions kv-lira-actions--column">
      <button type="button" className="kv-button kv-button--wide" onClick={() => open('LIRA_MAIN')}>
        Основные настройки
      </button>
      <button type="button" className="kv-button kv-button--wide" onClick={() => open('LIRA_ALTERNATIVE')}>
        Настройки альтернатив
      </button>
    </div>
  );
}
