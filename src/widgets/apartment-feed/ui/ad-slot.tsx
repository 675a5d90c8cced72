import { useEffect, useId, useState } from 'react';
import { outsideServices, showAdfoxBlock } from '@/shared/outside';

/**
 * A display-ad block of the feed (spec §9): an AdFox block with the slot code of its position and theme, created once
 * the page has rendered and taken down on unmount or when the theme changes. It starts collapsed and opens only when
 * an ad has rendered, so an empty or failed slot never moves the cards. Without AdFox configured it renders nothing.
 */
export function AdSlot({ order, theme }: { order: number; theme: 'light' | 'dark' }) {
  const containerId = `kv-ad-${useId().replace(/[^\w-]/g, '')}`;
  const [adfox, setAdfox] = useState<ReturnType<typeof outsideServices>['adfox']>(undefined);
  const [state, setState] = useState<'waiting' | 'shown' | 'empty'>('waiting');
  // The settings are read after the first render: the server's markup (which has no ad) hydrates unchanged.
  useEffect(() => setAdfox(outsideServices().adfox), []);
  const slot = adfox?.slots[theme][order % 3];
  useEffect(() => {
    if (!adfox || !slot) return;
    setState('waiting');
    return showAdfoxBlock({ ownerId: adfox.ownerId, containerId, params: slot }, (rendered) => setState(rendered ? 'shown' : 'empty'));
  }, [adfox, slot, containerId]);
  if (!adfox || !slot || state === 'empty') return null;
  return (
    <aside
      className={`kv-ad${state === 'shown' ? ' is-shown' : ''}`}
      id={containerId}
      aria-label="Реклама"
      data-testid="ad-slot"
      data-ad-p1={slot.p1}
      data-ad-p2={slot.p2}
    />
  );
}
