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
import { useMainButton, useWriteAccessRequest } from '@/shared/ui';
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
  // Before the profile loads NOT_CREATED is only the default (the page shows a loader then anyway).
  const disabled = !ready || action === 'none' || busy;
  // Setting up or resuming is where the buyer starts AI search: Telegram asks them (once) to let the bot write first.
  const askWriteAccess = useWriteAccessRequest();
  const press = () => {
    click();
    if (action === 'open-creation' || action === 'resume') askWriteAccess();
  };
  // Inside Telegram the status's one action is the screen's MainButton.
  const native = useMainButton({ text: ACTION_TEXT[action], onClick: press, disabled, progress: busy });
  return (
    <div className="kv-agent-status" data-testid="agent-status">
      <span className={`kv-agent-status__label${launched ? ' is-on' : ''}`} data-status={status}>
        <span className="kv-agent-status__dot" aria-hidden="true" />
        {LIRA_STATUS_LABELS[status]}
      </span>
      {!native && (
        <button
          type="button"
          className={`kv-button${action === 'stop' ? '' : ' kv-button--primary'}`}
          onClick={press}
          disabled={disabled}
          aria-busy={busy}
        >
          {ACTION_TEXT[action]}
        </button>
      )}
    </div>
  );
}
