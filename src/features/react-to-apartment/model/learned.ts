import { createStore } from 'effector';
import { identityChanged } from '@/entities/session';
import { sendReactionFx } from './reaction';

/** Per dislike reason, the flats that now go lower, in the buyer's words (spec tone: short, no jargon). */
const LOWER: Readonly<Record<string, string>> = {
  PRICE: 'дороже',
  LAYOUT: 'с такой планировкой',
  AREA: 'с такой площадью',
  KITCHEN: 'с маленькой кухней',
  FLOOR: 'на таком этаже',
  RENOVATION: 'с такой отделкой',
  DEADLINE: 'с поздним сроком сдачи',
  DISTRICT: 'в этом районе',
  METRO: 'дальше от метро',
  CENTRE: 'дальше от центра',
  INFRASTRUCTURE: 'с бедной инфраструктурой',
  HOUSE: 'в этом доме',
};

/** «Учли: дальше от метро — ниже в списке», or null when no reason was given (there is nothing to say then). */
export function learnedLine(notices: readonly string[]): string | null {
  const parts = notices.flatMap((key) => (LOWER[key] ? [LOWER[key]] : []));
  return parts.length > 0 ? `Учли: ${parts.join(', ')} — ниже в списке` : null;
}

export interface Learned {
  /** The rating it came from: undoing that rating takes the line back. */
  apartmentId: number;
  text: string;
}

/**
 * What the latest rating with reasons taught, once the server has it: TOP says it above the cards. Another rating of
 * the same flat (its undoing above all) takes it back; another person starts without one.
 */
export const $learned = createStore<Learned | null>(null)
  .on(sendReactionFx.done, (current, { params: { variables } }) => {
    const { item, action, notices = [] } = variables;
    if (action === 'DISLIKE') {
      const text = learnedLine(notices);
      if (text) return { apartmentId: item.id, text };
    }
    return current?.apartmentId === item.id ? null : current;
  })
  .reset(identityChanged);
