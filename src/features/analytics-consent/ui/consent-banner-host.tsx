import { useUnit } from 'effector-react';
import { Suspense } from 'react';
import { $analyticsChoiceShown } from '@/entities/consent';
import { lazyComponent } from '@/shared/ui';

/** The banner and its styles are a chunk of their own: loaded only when the choice is asked, never on the first screen. */
const ConsentBanner = lazyComponent(() => import('./consent-banner'), 'ConsentBanner');

export function ConsentBannerHost() {
  const shown = useUnit($analyticsChoiceShown);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}
