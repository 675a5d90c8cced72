import { useUnit } from 'effector-react';
import { $analyticsChoiceShown } from '@/entities/consent';
import { lazyWhenShown } from '@/shared/ui';

/** The banner and its styles are a chunk of their own: loaded only when the choice is asked, never on the first screen. */
const ConsentBanner = lazyWhenShown(() => import('./consent-banner'), 'ConsentBanner');

export function ConsentBannerHost() {
  return <ConsentBanner shown={useUnit($analyticsChoiceShown)} />;
}
