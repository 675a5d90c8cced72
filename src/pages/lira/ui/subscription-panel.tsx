import { useUnit } from 'effector-react';
import { drawerViewRequested, recurrentPaymentModal } from '@/shared/model';
import { $liraStatus, STARTING_CAPTION, subscriptionCaption, subscriptionPanel } from '@/entities/lira-profile';
import { $subscription } from '@/entities/subscription';

/** Spec §4 "Subscription panel on AGENT". */
export function SubscriptionPanel() {
  const [status, sub, openChat, openModal] = useUnit([$liraStatus, $subscription, drawerViewRequested, recurrentPaymentModal.opened]);
  const panel = subscriptionPanel(status);
  if (panel === 'none') return null;
  const renew = () => openModal();
  return (
    <div className="kv-agent-sub" data-testid="subscription-panel">
      {panel === 'starting' && (
        <p className="kv-agent-sub__starting" role="status">
          {STARTING_CAPTION}
        </p>
      )}
      {(panel === 'status' || panel === 'status-renew') && (
        <button type="button" className="kv-agent-sub__status" onClick={() => openChat('SUBSCRIPTION_INFO')}>
          {subscriptionCaption(status, sub?.displayExpiredAt ?? '')}
        </button>
      )}
      {panel === 'status-renew' && (
        <button type="button" className="kv-button kv-button--primary" onClick={renew}>
          Продлить
        </button>
      )}
      {panel === 'renew-danger' && (
        <button type="button" className="kv-button kv-button--danger" onClick={renew}>
          Продлить
        </button>
      )}
    </div>
  );
}
