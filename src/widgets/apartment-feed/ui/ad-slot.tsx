import { useUnit } from 'effector-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { $analyticsAllowed } from '@/entities/consent';
import { outsideServices } from '@/shared/outside';

/**
 * The block itself (AdFox's script, the 38-FZ marking, the report of an unmarked creative) is a chunk of its own,
 * loaded only where AdFox is configured: the first screen of a site without ads carries none of it. A chunk that
 * fails leaves no ad, never an error in the feed.
 */
const AdfoxBlock = lazy(() =>
  import('./adfox-block').then(
    (module) => ({ default: module.AdfoxBlock }),
    () => ({ default: () => null }),
  ),
);

/**
 * A display-ad slot of the feed (spec §9): nothing until the page has rendered, only where AdFox is configured, and only
 * with the analytics consent. AdFox's loader sets Yandex's identifiers itself and offers no mode without them that we
 * could check, so before «Принять» (or after a withdrawal) no advert loads at all rather than one «without identifiers».
 */
export function AdSlot({ order, theme }: { order: number; theme: 'light' | 'dark' }) {
  const allowed = useUnit($analyticsAllowed);
  const [adfox, setAdfox] = useState<ReturnType<typeof outsideServices>['adfox']>(undefined);
  // The settings are read after the first render: the server's markup (which has no ad) hydrates unchanged.
  useEffect(() => setAdfox(outsideServices().adfox), []);
  const slot = adfox?.slots[theme][order % 3];
  if (!allowed || !adfox || !slot) return null;
  return (
    <Suspense fallback={null}>
      <AdfoxBlock ownerId={adfox.ownerId} slot={slot} />
    </Suspense>
  );
}
