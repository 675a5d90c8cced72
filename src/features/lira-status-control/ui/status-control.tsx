import { useUnit } from 'effector-react';
import {
  $liraStatus,
  $profileInitialised,
  LIRA_STATUS_LABELS,
  isLaunched,
  statusButtonAction,
  $messengerConnected,
  startSelectionFx,
} from '@/entities/lira-profile';
import { changeStatusFx, statusButtonClicked } from '../model';

const ACTION_TEXT = {
  'open-creation': 'Настроить и запустить',
  stop: 'Остановить',
  resume: 'Запустить',
  resubscribe: 'Запустить',
  pay: 'Оформить подписку',
  none: 'Запускается…',
} as const;

/** The launch control: the agent's status and the one action that status allows (spec §4 "Status button"). */
export function StatusControl() {
  const [status, ready, connected, click, toggling, starting] = useUnit([
    $liraStatus,
    $profileInitialised,
    $messengerConnected,
    statusButtonClicked,
    changeStatusFx.pending,
    startSelectionFx.pending,
  ]);
  const action = statusButtonAction(status, connected);
  const launched = isLaunched(status);
  const busy = toggling || starting;
  return (
    <div className="kv-agent-status" data-testid="agent-status">
      <span className={`kv-agent-status__label${launched ? ' is-on' : ''}`} data-status={status}>
        <span className="kv-agent-status__dot" aria-hidden="true" />
        {LIRA_STATUS_LABELS[status]}
      </span>
      <button
        type="button"
        className={`kv-button${action === 'stop' ? '' : ' kv-button--primary'}`}
        onClick={click}
        // Before the profile loads NOT_CREATED is only the default (the page shows a loader then anyway).
        disabled={!ready || action === 'none' || busy}
        aria-busy={busy}
      >
        {ACTION_TEXT[action]}
      </button>
    </div>
  );
}
