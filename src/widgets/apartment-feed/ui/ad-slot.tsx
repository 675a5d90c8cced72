import { useEffect, useId, useState } from 'react';
import { outsideServices, showAdfoxBlock, type AdMarking } from '@/shared/outside';

/**
 * A display-ad block of the feed (spec §9): an AdFox block with the slot code of its position and theme, created once
 * the page has rendered and taken down on unmount or when the theme changes. It starts collapsed and opens only when
 * an ad has rendered, so an empty or failed slot never moves the cards. Without AdFox configured it renders nothing.
 *
 * 38-FZ: a shown ad is marked «Реклама» with its advertiser and the `erid` token AdFox supplies with the creative; a
 * creative without a token is never shown (the slot stays empty). Our own AI-search promo blocks are not ads of a
 * third party and carry no such marking.
 */
export function AdSlot({ order, theme }: { order: number; theme: 'light' | 'dark' }) {
  const containerId = `kv-ad-${useId().replace(/[^\w-]/g, '')}`;
  const [adfox, setAdfox] = useState<ReturnType<typeof outsideServices>['adfox']>(undefined);
  const [state, setState] = useState<{ kind: 'waiting' } | { kind: 'shown'; marking: AdMarking } | { kind: 'empty' }>({
    kind: 'waiting',
  });
  // The settings are read after the first render: the server's markup (which has no ad) hydrates unchanged.
  useEffect(() => setAdfox(outsideServices().adfox), []);
  const slot = adfox?.slots[theme][order % 3];
  useEffect(() => {
    if (!adfox || !slot) return;
    setState({ kind: 'waiting' });
    return showAdfoxBlock({ ownerId: adfox.ownerId, containerId, params: slot }, (marking) =>
      setState(marking ? { kind: 'shown', marking } : { kind: 'empty' }),
    );
  }, [adfox, slot, containerId]);
  if (!adfox || !slot || state.kind === 'empty') return null;
  const marking = state.kind === 'shown' ? state.marking : null;
  return (
    <aside
      className={`kv-ad${marking ? ' is-shown' : ''}`}
      aria-label="Реклама"
      data-testid="ad-slot"
      data-ad-p1={slot.p1}
      data-ad-p2={slot.p2}
      data-erid={marking?.erid}
    >
      {marking && (
        <p className="kv-ad__marking" data-testid="ad-marking">
          <span className="kv-ad__label">Реклама</span>
          {marking.advertiser && <span>{marking.advertiser}</span>}
          <span>erid: {marking.erid}</span>
        </p>
      )}
      {/* AdFox fills this element itself (its innerHTML): the marking stays outside it. */}
      <div id={containerId} />
    </aside>
  );
}
