import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { analyticsChoiceReopened } from '@/entities/consent';
import { analyticsNeedConsent } from '@/shared/outside';

/** «Настройки cookie» (the footer): the analytics choice shown again; only where something asks for it. */
export function ConsentSettingsLink() {
  const reopen = useUnit(analyticsChoiceReopened);
  const [needed, setNeeded] = useState(false);
  // The settings are read after the first render: the server's footer (which has no such link) hydrates unchanged.
  useEffect(() => setNeeded(analyticsNeedConsent()), []);
  if (!needed) return null;
  return (
    <button type="button" className="kv-footer__link-button" onClick={reopen} data-testid="consent-settings">
      Настройки cookie
    </button>
  );
}
