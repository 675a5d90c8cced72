import { useEffect, useId, useState } from 'react';
import type { AdfoxSlot } from '@kvarta/contract/client-config';
import { api } from '@/shared/api';
import { showAdfoxBlock, type AdMarking } from '@/shared/outside';

/**
 * A display-ad block of the feed (spec §9): an AdFox block with the slot code of its position and theme, created once
 * the page has rendered and taken down on unmount or when the theme changes. It starts collapsed and opens only when
 * an ad has rendered, so an empty or failed slot never moves the cards.
 *
 * 38-FZ art. 18.1: a shown ad is marked «Реклама» with its advertiser and the `erid` token AdFox supplies with the
 * creative; a creative without either is never shown (the slot stays empty) and is counted on the server. Our own
 * AI-search promo blocks are not ads of a third party and carry no such marking.
 */
export function AdfoxBlock({ ownerId, slot }: { ownerId: string; slot: AdfoxSlot }) {
  const containerId = `kv-ad-${useId().replace(/[^\w-]/g, '')}`;
  const [state, setState] = useState<{ kind: 'waiting' } | { kind: 'shown'; marking: AdMarking } | { kind: 'empty' }>({
    kind: 'waiting',
  });
  useEffect(() => {
    setState({ kind: 'waiting' });
    return showAdfoxBlock({ ownerId, containerId, params: slot }, (marking, missing) => {
      setState(marking ? { kind: 'shown', marking } : { kind: 'empty' });
      // An unmarked creative is counted, so that the operator sees it (/metrics: kvarta_ad_slots_unmarked_total).
      if (missing?.length) api.beacon('adSlotReport', { missing });
    });
  }, [ownerId, slot, containerId]);
  if (state.kind === 'empty') return null;
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
          <span>{marking.advertiser}</span>
          <span>erid: {marking.erid}</span>
        </p>
      )}
      {/* AdFox fills this element itself (its innerHTML): the marking stays outside it. */}
      <div id={containerId} />
    </aside>
  );
}
