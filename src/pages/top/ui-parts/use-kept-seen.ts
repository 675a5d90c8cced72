import { useState } from 'react';
import type { ApartmentItem } from '@/shared/api';
import { keepSeen } from '../lib/keep-seen';

/**
 * The TOP's cards as the page draws them: a list read again for the same settings keeps the seen cards in place
 * (keepSeen); a list for other settings is drawn as it came. Derived while rendering, so no frame shows the jump.
 */
export function useKeptSeen(items: ApartmentItem[] | undefined, ratedId: number | null, settings: string): ApartmentItem[] | undefined {
  const [state, setState] = useState({ items, settings, shown: items });
  if (state.items === items && state.settings === settings) return state.shown;
  const shown = items && state.shown && state.settings === settings ? keepSeen(state.shown, items, ratedId) : items;
  setState({ items, settings, shown });
  return shown;
}
